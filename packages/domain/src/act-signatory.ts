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
} as const;

/** True when the account may be chosen as the signatory of an act: an active instructor or admin. */
export function maySignActs(account: { roles: readonly string[]; isActive: boolean }): boolean {
  return account.isActive && canUser(account, 'instructRequests');
}

/** « Prénom Nom » of a signatory, its e-mail when it has no name. */
export function signatoryName(account: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  const name = [account.firstName, account.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || account.email;
}

/** « Anne Lafitte, Maire adjointe », as the register shows who signed; empty when unknown. */
export function signatoryLine(act: { signatoryName: string | null; signatoryTitle: string | null }): string {
  return [act.signatoryName, act.signatoryTitle].filter(Boolean).join(', ');
}

/** `POST request/{id}/order`'s body: the signatory (absent: the last chosen, else the instructor). */
export const OrderGenerationSchema = z
  .strictObject({ signatoryId: DatabaseIdSchema.optional() })
  .meta({ id: 'OrderGeneration' });
export type OrderGeneration = z.infer<typeof OrderGenerationSchema>;
