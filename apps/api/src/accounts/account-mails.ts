import { LIMITS, PRODUCT_NAME } from '@voirie/domain';
import { escapeHtml } from '../mail/mail-text.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

/** What a mail carrying a link is written from. */
export interface LinkMail {
  to: string;
  userId: number;
  link: string;
  communityName: string;
}

const signature = (community: string) =>
  `\n\n--\n${PRODUCT_NAME} — ${community}\nCe message est envoyé automatiquement, merci de ne pas y répondre.`;

function htmlOf(
  paragraphs: string[],
  link: { href: string; label: string } | null,
  community: string,
): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<!doctype html><html lang="fr"><body>${body}${button}<p style="color:#555">${escapeHtml(`${PRODUCT_NAME} — ${community}`)}</p></body></html>`;
}

/** The sign-up mail: the link that validates the address (48 h). */
export function validationMail({ to, userId, link, communityName }: LinkMail): OutgoingMail {
  const lines = [
    'Bonjour,',
    `Vous venez de créer un compte sur le ${PRODUCT_NAME} de la ${communityName}.`,
    `Pour l'activer, validez votre adresse e-mail en ouvrant ce lien (valable ${LIMITS.validationTokenHours} heures) :`,
  ];
  return {
    to,
    userId,
    context: 'Validation du compte',
    subject: `${PRODUCT_NAME} : validez votre adresse e-mail`,
    text: `${lines.join('\n\n')}\n\n${link}\n\nSi vous n'êtes pas à l'origine de cette inscription, ignorez ce message.${signature(communityName)}`,
    html: htmlOf([...lines], { href: link, label: 'Valider mon adresse e-mail' }, communityName),
  };
}

/** The forgotten-password mail: the link to set a new password (1 h). */
export function resetMail({ to, userId, link, communityName }: LinkMail): OutgoingMail {
  const lines = [
    'Bonjour,',
    `Une demande de réinitialisation du mot de passe de votre compte sur le ${PRODUCT_NAME} a été faite.`,
    `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable ${LIMITS.resetTokenHours} heure, une seule fois) :`,
  ];
  return {
    to,
    userId,
    context: 'Réinitialisation du mot de passe',
    subject: `${PRODUCT_NAME} : réinitialisation de votre mot de passe`,
    text: `${lines.join('\n\n')}\n\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.${signature(communityName)}`,
    html: htmlOf([...lines], { href: link, label: 'Choisir un nouveau mot de passe' }, communityName),
  };
}

/** Sent instead of a second account when someone signs up with an address already known. */
export function alreadyRegisteredMail({ to, userId, link, communityName }: LinkMail): OutgoingMail {
  const lines = [
    'Bonjour,',
    `Une inscription au ${PRODUCT_NAME} vient d'être demandée avec votre adresse e-mail, qui a déjà un compte.`,
    'Vous pouvez vous connecter avec votre mot de passe habituel. Si vous l’avez oublié, utilisez ce lien :',
  ];
  return {
    to,
    userId,
    context: 'Inscription avec une adresse déjà connue',
    subject: `${PRODUCT_NAME} : vous avez déjà un compte`,
    text: `${lines.join('\n\n')}\n\n${link}${signature(communityName)}`,
    html: htmlOf([...lines], { href: link, label: 'Mot de passe oublié' }, communityName),
  };
}
