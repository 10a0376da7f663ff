import { PRODUCT_NAME, perimeterTypeLabel } from '@voirie/domain';
import { composeMail } from '../mail/compose.ts';
import { inlineText } from '../mail/mail-text.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

/** A territory as the mails name it. */
export interface NamedPerimeter {
  libelle: string;
  type: string;
}

const listed = (perimeters: readonly NamedPerimeter[]) =>
  perimeters.length === 0
    ? 'aucun'
    : perimeters.map((p) => `${inlineText(p.libelle)} (${perimeterTypeLabel(p.type)})`).join(', ');

/**
 * To an administrator: a guichet asks for wider territories, to approve or refuse from its page.
 * Staff addresses: never counted toward the guichet's daily mail cap.
 */
export function perimeterRequestedMail(args: {
  to: string;
  requester: { id: number; name: string; email: string };
  current: readonly NamedPerimeter[];
  asked: readonly NamedPerimeter[];
  link: string;
}): OutgoingMail {
  const { subject, text, html } = composeMail({
    subject: `${PRODUCT_NAME} : demande d'extension de périmètre`,
    lines: [
      `${inlineText(args.requester.name)} (${inlineText(args.requester.email)}), guichet, demande à étendre son périmètre.`,
      '',
      `Périmètres actuels : ${listed(args.current)}.`,
      `Périmètres demandés : ${listed(args.asked)}.`,
      '',
      "Ses périmètres actuels restent en vigueur jusqu'à votre décision. Vous pouvez accorder ou refuser la demande depuis sa fiche, dans « Gestion des utilisateurs ».",
    ],
    link: { intro: 'Fiche du compte :', href: args.link },
  });
  return {
    to: args.to,
    userId: args.requester.id,
    context: "Demande d'extension de périmètre",
    subject,
    text,
    html,
  };
}

/** To the guichet: its request was approved (its territories now) or refused (they stay). */
export function perimeterDecisionMail(args: {
  to: string;
  userId: number;
  approved: boolean;
  perimeters: readonly NamedPerimeter[];
  communityName: string;
  link: string;
}): OutgoingMail {
  const { subject, text, html } = composeMail({
    subject: args.approved
      ? `${PRODUCT_NAME} : votre demande d'extension de périmètre est accordée`
      : `${PRODUCT_NAME} : votre demande d'extension de périmètre est refusée`,
    lines: args.approved
      ? [
          "Un administrateur a accordé votre demande d'extension de périmètre.",
          `Vos périmètres sont désormais : ${listed(args.perimeters)}.`,
        ]
      : [
          "Un administrateur a refusé votre demande d'extension de périmètre.",
          `Vos périmètres restent : ${listed(args.perimeters)}.`,
          '',
          `Pour en savoir plus, contactez la ${inlineText(args.communityName)}.`,
        ],
    link: { intro: 'Votre compte :', href: args.link },
  });
  return {
    to: args.to,
    userId: args.userId,
    context: args.approved ? 'Extension de périmètre accordée' : 'Extension de périmètre refusée',
    subject,
    text,
    html,
  };
}
