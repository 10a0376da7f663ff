import { z } from 'zod';
import { ACT_NATURES, type ActNature } from './act-register.ts';
import { formatDateFr } from './dates.ts';
import { addMonths, daysBetween, nextWorkingDay, shiftDays } from './legal-calendar.ts';

// Notification of individual decisions (CGCT L2131-1; docs/acts.md « Notification »): a
// permission, a refusal or an alignment binds its addressee once notified, and the portal must be
// able to prove it — the moment the recipient opened the act through its personal link, or the
// receipt of a registered letter. The appeal delay runs from that proven date.

/** The acts that are notified to their addressee (a traffic order is published instead). */
export const NOTIFIED_NATURES = [
  'permission',
  'refusal',
  'alignment',
  'formalNotice',
] as const satisfies readonly ActNature[];

/** True when an act of this nature is notified (and its notification proven). */
export function isNotifiedNature(nature: ActNature): boolean {
  return (NOTIFIED_NATURES as readonly ActNature[]).includes(nature);
}

/**
 * The appeal wording of every notified decision — the default orders' « Voies et délais de
 * recours » article and the decision mail (CRPA R421-5: a delay runs only if the decision says
 * it). The court's address checked on pau.tribunal-administratif.fr (villa Noulibos).
 */
export const APPEAL_NOTICE =
  "La présente décision peut faire l'objet, dans un délai de deux mois à compter de sa notification, d'un recours contentieux devant le tribunal administratif de Pau (villa Noulibos, 50 cours Lyautey, 64010 Pau Cedex). Elle peut également faire l'objet, dans le même délai, d'un recours gracieux auprès de son auteur ; ce recours prolonge le délai du recours contentieux, qui ne court à nouveau qu'à compter de la réponse (le silence gardé pendant deux mois valant rejet). Le tribunal administratif peut être saisi par l'application « Télérecours citoyens » accessible sur le site www.telerecours.fr.";

/** Days after signature without a proven notification before the instructor is told. */
export const NOTIFICATION_PROOF_DAYS = 15;

/** How a notification was proven. */
export const NOTIFICATION_MODES = ['portal', 'postal'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export const NOTIFICATION_MODE_LABELS: Readonly<Record<NotificationMode, string>> = {
  portal: 'ouverture sur le portail',
  postal: 'lettre recommandée',
};

/** Where a notification stands, for the detail and the daily reminder. */
export const NOTIFICATION_STATUSES = ['notified', 'pending', 'bounced', 'unopened', 'noAccount'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const NOTIFICATION_TEXTS = {
  notified: (date: string, mode: NotificationMode) =>
    `Notifié le ${date} (${NOTIFICATION_MODE_LABELS[mode]})`,
  pending: "Courriel envoyé, en attente de l'ouverture de l'acte par son destinataire",
  bounced:
    "Le courriel de notification n'a pas pu être remis : une notification par lettre recommandée est nécessaire",
  unopened: `Acte non ouvert par son destinataire ${String(NOTIFICATION_PROOF_DAYS)} jours après la signature : une notification par lettre recommandée est nécessaire`,
  noAccount:
    "Aucun courriel de notification n'a pu être envoyé au compte du demandeur : une notification par lettre recommandée est nécessaire",
  appealUntil: (date: string) => `Délai de recours : jusqu'au ${date}`,
  notOpenable: "Cet acte n'est pas notifié par le portail.",
  alreadyNotified: 'La notification de cet acte est déjà enregistrée.',
  receivedInFuture: 'La date de réception ne peut pas être dans le futur.',
  receivedBeforeSignature: (signedOn: string) =>
    `La date de réception ne peut pas précéder la signature de l'acte (${signedOn}).`,
  letterNumber:
    'Indiquez le numéro de la lettre recommandée (lettres, chiffres, espaces ou tirets, 40 au plus).',
  receivedOn: 'Indiquez la date de réception (JJ/MM/AAAA).',
  postalRecorded: 'Notification postale enregistrée.',
} as const;

/** What the mail log and the outbox tell of the notification mail. */
export interface NotificationFacts {
  notifiedAt: string | null;
  /** A mail was queued to the applicant's account (none: no account, or the mail refused). */
  hasMail: boolean;
  /** The mail-log status (the provider's webhook updates it) and the outbox's. */
  mailStatus: string | null;
  outboxStatus: string | null;
  /** The Paris days of the signature and of today. */
  signedOn: string;
  today: string;
}

/** The mail statuses that mean the notification mail did not reach its recipient. */
const UNDELIVERED = ['bounce', 'hardbounced', 'softbounced', 'blocked', 'spam', 'failed', 'refused'];

/** Where the notification of an act stands. */
export function notificationStatus(facts: NotificationFacts): NotificationStatus {
  if (facts.notifiedAt !== null) return 'notified';
  if (!facts.hasMail) return 'noAccount';
  if (UNDELIVERED.includes(facts.mailStatus ?? '') || facts.outboxStatus === 'failed') return 'bounced';
  return daysBetween(facts.signedOn, facts.today) >= NOTIFICATION_PROOF_DAYS ? 'unopened' : 'pending';
}

/** True when the instructor must be told (and may record a postal notification at once). */
export function needsPostalNotification(status: NotificationStatus): boolean {
  return status === 'bounced' || status === 'unopened' || status === 'noAccount';
}

/**
 * The last day of the appeal from the proven notification day: two months, a « délai franc »
 * (neither the notification's day nor the last one counts, CJA R421-1 and its case law), moved to
 * the next working day when it ends on a Saturday, a Sunday or a public holiday (CPC art. 642).
 */
export function appealDeadline(notifiedOn: string): string {
  return nextWorkingDay(shiftDays(addMonths(notifiedOn, 2), 1));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A registered letter's notification, as the instructor records it. */
export const PostalNotificationSchema = z
  .object({
    letterNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$/, NOTIFICATION_TEXTS.letterNumber),
    receivedOn: z
      .string()
      .regex(ISO_DAY, NOTIFICATION_TEXTS.receivedOn)
      .refine((day) => !Number.isNaN(Date.parse(day)), NOTIFICATION_TEXTS.receivedOn),
  })
  .meta({ id: 'PostalNotification', description: 'Notification par lettre recommandée.' });
export type PostalNotification = z.infer<typeof PostalNotificationSchema>;

/** What is wrong with the date of receipt, in French, or null (days 'YYYY-MM-DD', Paris). */
export function postalReceiptProblem(receivedOn: string, dates: { signedOn: string; today: string }) {
  if (receivedOn > dates.today) return NOTIFICATION_TEXTS.receivedInFuture;
  if (receivedOn < dates.signedOn)
    return NOTIFICATION_TEXTS.receivedBeforeSignature(formatDateFr(dates.signedOn));
  return null;
}

/** One act of a request and its notification, as the detail shows it. */
export const ActNotificationSchema = z
  .object({
    number: z.string(),
    nature: z.enum(ACT_NATURES),
    natureLabel: z.string(),
    signedAt: z.string(),
    documentId: z.number().int().nullable(),
    status: z.enum(NOTIFICATION_STATUSES),
    statusText: z.string(),
    /** The instructor must act: no proof and none to come. */
    alert: z.boolean(),
    mode: z.enum(NOTIFICATION_MODES).nullable(),
    notifiedAt: z.string().nullable().meta({ description: 'La date prouvée de la notification (ISO 8601).' }),
    /** Who opened it (the recipient's account), for staff. */
    openedBy: z.string().nullable(),
    letterNumber: z.string().nullable(),
    mailStatus: z.string().nullable(),
    mailStatusText: z.string().nullable(),
    /** The last day of the appeal ('YYYY-MM-DD'), from the proven date; null before it. */
    appealUntil: z.string().nullable(),
    abilities: z.object({ recordPostal: z.boolean() }),
  })
  .meta({ id: 'ActNotification' });
export type ActNotification = z.infer<typeof ActNotificationSchema>;

/** The act opened through the personal link of its notification mail. */
export const NotifiedActSchema = z
  .object({
    number: z.string(),
    natureLabel: z.string(),
    subject: z.string(),
    signedAt: z.string(),
    /** Who signed, as the register keeps it (docs/acts.md « Signatory »). */
    signatoryName: z.string().nullable(),
    signatoryTitle: z.string().nullable(),
    documentId: z.number().int().nullable(),
    requestPublicId: z.string(),
    notifiedAt: z.string().nullable(),
    mode: z.enum(NOTIFICATION_MODES).nullable(),
    /** True when this opening is the one that notified the act. */
    acknowledgedNow: z.boolean(),
    appealUntil: z.string().nullable(),
    appealNotice: z.string(),
  })
  .meta({ id: 'NotifiedAct' });
export type NotifiedAct = z.infer<typeof NotifiedActSchema>;

/** The personal page of a notified act, in the web app. */
export const notifiedActPath = (number: string) => `/notification/${encodeURIComponent(number)}`;
