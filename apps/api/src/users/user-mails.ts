import { LIMITS, PRODUCT_NAME } from '@voirie/domain';
import { composeMail } from '../mail/compose.ts';
import { inlineText } from '../mail/mail-text.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

interface UserMail {
  to: string;
  userId: number;
  communityName: string;
}

function mail(args: UserMail & { context: string; draft: Parameters<typeof composeMail>[0] }): OutgoingMail {
  const { subject, text, html } = composeMail(args.draft);
  return { to: args.to, userId: args.userId, context: args.context, subject, text, html };
}

/** A new account made by an administrator (or the first-admin command): the link to choose its password. */
export function welcomeMail(args: UserMail & { link: string }): OutgoingMail {
  return mail({
    ...args,
    context: 'Création du compte',
    draft: {
      subject: `${PRODUCT_NAME} : votre compte a été créé`,
      lines: [
        `Un compte vient de vous être ouvert sur le ${PRODUCT_NAME} de la ${inlineText(args.communityName)}, avec cette adresse e-mail.`,
        '',
        `Pour l'activer, choisissez votre mot de passe avec ce lien, valable ${String(LIMITS.validationTokenHours)} heures et une seule fois. Passé ce délai, utilisez « Mot de passe oublié » sur la page de connexion.`,
      ],
      link: { intro: 'Choisir mon mot de passe :', href: args.link },
    },
  });
}

/** A new address given for an account: the link that confirms it, sent to that address. */
export function emailChangeMail(args: UserMail & { link: string }): OutgoingMail {
  return mail({
    ...args,
    context: 'Confirmation de la nouvelle adresse e-mail',
    draft: {
      subject: `${PRODUCT_NAME} : confirmez votre nouvelle adresse e-mail`,
      lines: [
        `Cette adresse a été donnée comme nouvelle adresse e-mail d'un compte du ${PRODUCT_NAME}.`,
        '',
        `Elle ne sera prise en compte qu'après votre confirmation, avec ce lien valable ${String(LIMITS.validationTokenHours)} heures et une seule fois. Si vous n'êtes pas à l'origine de ce changement, ignorez ce message : rien ne changera.`,
      ],
      link: { intro: 'Confirmer cette adresse :', href: args.link },
    },
  });
}

/** The same, when the new address already has an account: nothing will change. */
export function emailTakenMail(args: UserMail): OutgoingMail {
  return mail({
    ...args,
    context: 'Changement d’adresse e-mail vers une adresse déjà connue',
    draft: {
      subject: `${PRODUCT_NAME} : cette adresse a déjà un compte`,
      lines: [
        `Cette adresse a été donnée comme nouvelle adresse e-mail d'un compte du ${PRODUCT_NAME}, mais elle a déjà son propre compte : le changement n'est pas possible et rien n'a été modifié.`,
      ],
    },
  });
}

/** Told to the old address once the new one is confirmed. */
export function emailChangedNotice(args: UserMail & { newEmail: string }): OutgoingMail {
  return mail({
    ...args,
    context: 'Adresse e-mail modifiée',
    draft: {
      subject: `${PRODUCT_NAME} : votre adresse e-mail a été modifiée`,
      lines: [
        `L'adresse e-mail de votre compte sur le ${PRODUCT_NAME} est désormais ${inlineText(args.newEmail)}. Les prochains messages du portail y seront envoyés.`,
        '',
        `Si vous n'êtes pas à l'origine de ce changement, contactez la ${inlineText(args.communityName)}.`,
      ],
    },
  });
}
