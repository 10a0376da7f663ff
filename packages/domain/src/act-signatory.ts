import { z } from 'zod';
import { canUser } from './capabilities.ts';
import { DatabaseIdSchema } from './schemas/ids.ts';

// The signatory of an act (docs/acts.md « Signatory »): every act shows the first name, surname
// and title of who signs it (CRPA L212-1). The instructor chooses the signatory when generating
// the orders of a request, among the accounts that instruct (instructors and administrators:
// the portal knows no other staff); the register keeps the name and « Fonction » as they were at
// signing.

export const ACT_SIGNATORY_MESSAGES = {
  label: 'Signataire',
  jobTitleLabel: 'Fonction',
  notAllowed: "Le signataire doit être un compte actif d'instructeur ou d'administrateur.",
  required: 'Veuillez choisir le signataire.',
  unnamed: (id: number) => `Compte n° ${String(id)}`,
} as const;

/** True when the account may be chosen as the signatory of an act: an active instructor or admin. */
export function maySignActs(account: { roles: readonly string[]; isActive: boolean }): boolean {
  return account.isActive && canUser(account, 'instructRequests');
}

interface Names {
  firstName: string | null;
  lastName: string | null;
}

/** « Prénom Nom », '' without either. */
const fullName = (account: Names) =>
  [account.firstName, account.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/** « Prénom Nom » of a signatory, its e-mail when it has no name. */
export function signatoryName(account: Names & { email: string }): string {
  return fullName(account) || account.email;
}

/** « Anne Lafitte, Maire adjointe », as the register shows who signed; empty when unknown. */
export function signatoryLine(act: { signatoryName: string | null; signatoryTitle: string | null }): string {
  return [act.signatoryName, act.signatoryTitle].filter(Boolean).join(', ');
}

/** An account that may sign, as the generation dialog offers it (`GET request/{id}/signatories`). */
export const SignatoryOptionSchema = z
  .object({
    id: DatabaseIdSchema,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    jobTitle: z.string().nullable(),
  })
  .meta({ id: 'SignatoryOption' });
export type SignatoryOption = z.infer<typeof SignatoryOptionSchema>;

/**
 * `GET request/{id}/signatories`: the accounts that may sign the request's orders, and the one
 * preselected — the request's last signatory while it may sign, else the account asking when it
 * may; null when neither.
 */
export const RequestSignatoriesSchema = z
  .object({ signatories: z.array(SignatoryOptionSchema), defaultId: DatabaseIdSchema.nullable() })
  .meta({ id: 'RequestSignatories' });
export type RequestSignatories = z.infer<typeof RequestSignatoriesSchema>;

/** « Prénom Nom — Fonction », « Prénom Nom » without a « Fonction »: an option of « Signataire ». */
export function signatoryOptionLabel(option: SignatoryOption): string {
  const name = fullName(option) || ACT_SIGNATORY_MESSAGES.unnamed(option.id);
  const jobTitle = option.jobTitle?.trim();
  return jobTitle ? `${name} — ${jobTitle}` : name;
}

/** `POST request/{id}/order`'s body: the signatory (absent: the last chosen, else the instructor). */
export const OrderGenerationSchema = z
  .strictObject({ signatoryId: DatabaseIdSchema.optional() })
  .meta({ id: 'OrderGeneration' });
export type OrderGeneration = z.infer<typeof OrderGenerationSchema>;
