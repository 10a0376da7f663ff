import { PRODUCT_NAME } from '@voirie/domain';
import type { MailDraft } from './compose.ts';

/** What happened to the request the notice is about. */
export type NoticeEvent = 'filed' | 'updated';

/**
 * The only mail an address typed by an applicant receives: the portal's own words,
 * the request's number and a link to the portal — nothing the applicant wrote (no address, no
 * name, no comment), so that nobody can make the portal carry its text to a stranger.
 */
export function neutralNotice(options: { requestId: number; link: string; event: NoticeEvent }): MailDraft {
  const number = String(options.requestId);
  const filed = options.event === 'filed';
  return {
    subject: filed
      ? `Une demande vous concernant a été déposée sur le ${PRODUCT_NAME} (n° ${number})`
      : `Une demande vous concernant a évolué sur le ${PRODUCT_NAME} (n° ${number})`,
    lines: [
      filed
        ? `Une demande (n° ${number}) vous concernant a été déposée sur le ${PRODUCT_NAME} : votre adresse e-mail y a été indiquée.`
        : `La demande n° ${number}, déposée sur le ${PRODUCT_NAME} avec votre adresse e-mail, a évolué.`,
      'Par confidentialité, ce message ne reprend pas le contenu de la demande.',
      '',
      "Si vous n'êtes pas concerné(e), vous pouvez ignorer ce message.",
    ],
    link: { intro: 'Pour en savoir plus, rendez-vous sur le portail :', href: options.link },
  };
}
