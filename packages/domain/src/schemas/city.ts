import { z } from 'zod';
import { memberTownField } from './address.ts';
import { optionalEmail, requiredEmail, text } from './common.ts';

/** A member town with its mayor's-office and municipal-police e-mails (`GET cities`). */
export const CitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mailMairie: text,
  mailPM: text,
});
export type City = z.infer<typeof CitySchema>;

/** A member town as `GET cities`, `GET city/{id}` and `PUT city/{id}` answer it: with its INSEE code. */
export const CityItemSchema = CitySchema.extend({ insee: z.string() });
export type CityItem = z.infer<typeof CityItemSchema>;

/** `PUT city/{id}`: the two e-mails, each valid when given. */
export const CityMailsSchema = z.object({ mailMairie: optionalEmail, mailPM: optionalEmail });
export type CityMails = z.infer<typeof CityMailsSchema>;

/** An extra recipient (`GET contacts`): a town and an e-mail. */
export const ContactSchema = z.object({
  id: z.number().int(),
  /** The town's name. */
  name: z.string(),
  email: z.string(),
});
export type Contact = z.infer<typeof ContactSchema>;

/** `POST contacts` (form fields email, commune). */
export const ContactFormSchema = z.object({ email: requiredEmail, commune: memberTownField });
export type ContactForm = z.infer<typeof ContactFormSchema>;

/** A letter template (`GET modele`). */
export const ModelSchema = z.object({ id: z.number().int(), libelle: z.string() });
export type Model = z.infer<typeof ModelSchema>;

/** A template as its editor shows it (`GET modele/{id}`): its file, last change and whether it is the built-in one. */
export const ModelDetailSchema = ModelSchema.extend({
  fileName: z.string(),
  /** The file's last change (ISO), null while the default has not been written yet. */
  updatedAt: z.string().nullable(),
  isDefault: z.boolean(),
});
export type ModelDetail = z.infer<typeof ModelDetailSchema>;
