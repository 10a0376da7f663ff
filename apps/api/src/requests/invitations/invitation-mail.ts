import { INVITATION_LIFETIME_DAYS, INVITED_PARTY_LABELS, type InvitedParty } from '@voirie/domain';
import type { OutgoingMail } from '../../mail/outbox.ts';

/**
 * The invitation: a neutral notice that carries no text typed by the filer (the address was
 * typed by someone else and may not be the person's), only the request's number and a link.
 */
export function invitationMail(options: {
  to: string;
  requestId: number;
  party: InvitedParty;
  link: string;
  communityName: string;
}): OutgoingMail {
  const number = String(options.requestId);
  return {
    to: options.to,
    subject: `Invitation à suivre la demande n° ${number}`,
    text: [
      'Bonjour,',
      '',
      `Une demande n° ${number} a été déposée sur le portail voirie de la ${options.communityName} ; cette adresse e-mail y est indiquée pour le ${INVITED_PARTY_LABELS[options.party]}.`,
      "Pour suivre cette demande, connectez-vous au portail avec un compte ouvert à cette adresse (ou créez-le), puis acceptez l'invitation :",
      options.link,
      '',
      `Ce lien est personnel et valable ${INVITATION_LIFETIME_DAYS} jours. Si vous n'êtes pas concerné(e), ignorez ce message : aucune information de la demande ne vous sera communiquée.`,
      '',
      'Ce message est envoyé automatiquement, merci de ne pas y répondre.',
    ].join('\n'),
    context: 'Invitation à suivre la demande',
    requestId: options.requestId,
  };
}
