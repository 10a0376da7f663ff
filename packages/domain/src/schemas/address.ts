import { z } from 'zod';
import { LIMITS } from '../accounts.ts';
import { findTownByName, notMemberTownMessage } from '../towns.ts';
import { TYPE_DE_VOIE_LABELS } from '../way-types.ts';
import { VALIDATION_MESSAGES, optionalAddressNum, optionalText, requiredText, text } from './common.ts';

/** Address fields as stored and returned (request, secondary address, party, user). */
export const AddressFieldsSchema = z.object({
  addressNum: text,
  addressExt: text,
  addressType: text,
  addressName: text,
  addressCity: text,
  addressPostalCode: text,
  /** Lieu-dit or PO box. */
  place: text,
});
export type AddressFields = z.infer<typeof AddressFieldsSchema>;

/** A secondary address of a request (`adresses`), with its prescription. */
export const SecondaryAddressSchema = AddressFieldsSchema.extend({
  id: z.number().int().nullish(),
  prescription: text,
});
export type SecondaryAddress = z.infer<typeof SecondaryAddressSchema>;

/** One of the 43 "type de voie" labels, required. */
export const typeDeVoieField = z
  .string({ error: VALIDATION_MESSAGES.required })
  .min(1, VALIDATION_MESSAGES.required)
  .max(LIMITS.nameMax, VALIDATION_MESSAGES.maxLength(LIMITS.nameMax))
  .refine((value) => (TYPE_DE_VOIE_LABELS as readonly string[]).includes(value), VALIDATION_MESSAGES.choice);

/** A member town's name, required; its message names the city (docs/validation.md "Step 1"). */
export const memberTownField = requiredText().superRefine((value, ctx) => {
  // An empty town has its 'required' message only (zod runs refinements after a failed min).
  if (value && !findTownByName(value)) ctx.addIssue({ code: 'custom', message: notMemberTownMessage(value) });
});

/** The address of the works site (wizard step 1): required street, town of the community, postal code. */
export const SiteAddressInputSchema = z.object({
  addressNum: optionalAddressNum,
  addressExt: optionalText(LIMITS.addressExtMax),
  addressType: typeDeVoieField,
  addressName: requiredText(255),
  addressCity: memberTownField,
  addressPostalCode: requiredText(5).regex(/^\d{5}$/, VALIDATION_MESSAGES.postalCode),
  place: optionalText(255),
});
export type SiteAddressInput = z.infer<typeof SiteAddressInputSchema>;

/** A secondary site address: the same required fields, plus a prescription. */
export const SecondaryAddressInputSchema = SiteAddressInputSchema.extend({
  id: z.number().int().nullish(),
  prescription: optionalText(2000),
});
export type SecondaryAddressInput = z.infer<typeof SecondaryAddressInputSchema>;
