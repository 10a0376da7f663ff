import { z } from 'zod';

/**
 * Invitations: a party whose e-mail is not the filer's own account sees a request
 * only after accepting, signed in with an account of that address, the link mailed to it.
 */
export const INVITATION_LIFETIME_DAYS = 30;

/** Which party of the request an invitation is for. */
export type InvitedParty = 'petitioner' | 'beneficiary';

export const INVITED_PARTY_LABELS: Readonly<Record<InvitedParty, string>> = {
  petitioner: 'demandeur',
  beneficiary: 'bénéficiaire',
};

export const INVITATION_MESSAGES = {
  title: 'Invitation à suivre une demande',
  intro: (party: InvitedParty, number: number) =>
    `Vous avez été désigné(e) comme ${INVITED_PARTY_LABELS[party]} de la demande n° ${String(number)}.`,
  explain:
    "En acceptant l'invitation, cette demande apparaîtra dans vos dossiers et vous pourrez la suivre. Vous devez être connecté(e) avec le compte de l'adresse e-mail à laquelle l'invitation a été envoyée.",
  accept: "Accepter l'invitation",
  accepted: 'Invitation acceptée : la demande figure maintenant dans vos dossiers.',
  invalid:
    "Ce lien d'invitation n'est plus valide. Demandez à la personne qui a déposé la demande de vous inviter à nouveau.",
  otherAddress:
    "Cette invitation a été envoyée à une autre adresse e-mail que celle de votre compte. Connectez-vous avec le compte de cette adresse (ou créez-le) pour l'accepter.",
} as const;

/** A link token as it arrives in the path. */
export const InvitationTokenSchema = z
  .string()
  .min(20)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

/** What the invitation page shows before accepting. */
export const InvitationSummarySchema = z.object({
  requestNumber: z.number().int(),
  party: z.enum(['petitioner', 'beneficiary']),
  /** The signed-in account's address is the invited one. */
  forThisAccount: z.boolean(),
});
export type InvitationSummary = z.infer<typeof InvitationSummarySchema>;

/** The answer of an accepted invitation: where the request now is. */
export const InvitationAcceptedSchema = z.object({ publicId: z.string() });
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>;
