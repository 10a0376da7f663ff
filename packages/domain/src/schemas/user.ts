import { z } from 'zod';
import { ACCOUNT_MESSAGES, LIMITS, NewPasswordValueSchema, RoleSchema } from '../accounts.ts';
import { NATURES, TITLES, isIndividualNature } from '../lists.ts';
import { AddressFieldsSchema } from './address.ts';
import { VALIDATION_MESSAGES, optionalText, requiredEmail, requiredPhone, text } from './common.ts';
import { IDENTITY_DETAIL_FIELDS } from './identity.ts';
import { DatabaseIdSchema } from './ids.ts';

const ids = z.array(DatabaseIdSchema).nullish();

/** Perimeter links of a user: town-hall counter, road manager, subcontractor, operator. */
const perimeterShape = {
  guichetPerimeterIds: ids,
  gestionnairePerimeterIds: ids,
  soustraitantPerimeterIds: ids,
  operatorPerimeterIds: ids,
};

/**
 * A user as the API returns it (`GET stduser`, `stduser/{id}`), docs/data-model.md "Entities";
 * never the password.
 */
export const UserSchema = AddressFieldsSchema.extend({
  id: z.number().int(),
  nature: text,
  title: text,
  lastName: text,
  firstName: text,
  email: z.string(),
  phone: text,
  phoneIndicative: text,
  picture: text,
  roles: z.array(RoleSchema),
  /** True once the account's e-mail has been validated. */
  user_confirm: z.boolean().nullish(),
  isCorporation: z.boolean().nullish(),
  corporationName: text,
  corporationSiret: text,
  corporationAgentTitle: text,
  corporationAgent: text,
  country: text,
  /** « Fonction »: printed under the name of the acts this account signs (docs/acts.md « Signatory »). */
  jobTitle: text,
  ...perimeterShape,
});
export type User = z.infer<typeof UserSchema>;

/**
 * The user form of the account and user screens (docs/validation.md "User form"): nature required
 * (label « titre »); Particulier needs title, last and first name; e-mail required and valid; phone required,
 * exactly 10 digits; max lengths; numeric address number. A password is changed only when
 * both password and confirmation are given, and they must match.
 */
export const UserFormSchema = z
  .object({
    id: z.number().int().nullish(),
    nature: z.enum(NATURES, { error: VALIDATION_MESSAGES.required }),
    title: z.enum(TITLES, { error: VALIDATION_MESSAGES.required }).nullish(),
    email: requiredEmail,
    phone: requiredPhone,
    roles: z.array(RoleSchema).optional(),
    isCorporation: z.boolean().nullish(),
    ...IDENTITY_DETAIL_FIELDS,
    /** « Fonction » (CRPA L212-1: the signatory's title is printed on the acts); `title` is the civility. */
    jobTitle: optionalText(LIMITS.jobTitleMax),
    password: z.union([z.literal(''), NewPasswordValueSchema]).nullish(),
    password_confirm: z.string().max(LIMITS.passwordMax).nullish(),
    ...perimeterShape,
  })
  .superRefine((user, ctx) => {
    if (isIndividualNature(user.nature)) {
      for (const field of ['title', 'lastName', 'firstName'] as const) {
        if (!user[field])
          ctx.addIssue({ code: 'custom', path: [field], message: VALIDATION_MESSAGES.required });
      }
    }
    if ((user.password || user.password_confirm) && user.password !== user.password_confirm) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirm'],
        message: ACCOUNT_MESSAGES.passwordMismatch,
      });
    }
  });
export type UserForm = z.infer<typeof UserFormSchema>;

/** True when the form asks for a password change (both fields given). */
export function isPasswordChange(form: {
  password?: string | null;
  password_confirm?: string | null;
}): boolean {
  return !!form.password && !!form.password_confirm;
}
