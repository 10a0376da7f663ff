import { z } from 'zod';
import { formatDateFr } from './dates.ts';
import { deadlineFrom } from './legal-clock.ts';
import type { LegalDelay } from './legal-rules.ts';
import { parisIsoDay } from './paris-time.ts';

// The formal notice (mise en demeure) after a refused works reception, as an act
// (docs/acts.md « Formal notice »): the letter drafted from template 6 becomes an act of the
// register once its signed PDF is recorded — numbered in that transaction, notified to the
// applicant like any individual decision — and the delay it leaves to resume the works
// (legal rule 'formalNotice', 30 days by default) runs from its proven notification only.

export const FORMAL_NOTICE_TEXTS = {
  recorded: 'La mise en demeure signée a été enregistrée.',
  needsPdf: 'Veuillez joindre la mise en demeure signée (un fichier PDF).',
  notAfterRefusal: 'La mise en demeure signée suit une réception des travaux refusée.',
  notGenerated: "Aucune mise en demeure n'a été générée pour cette réception.",
  alreadySigned: (number: string) =>
    `La mise en demeure signée de cette réception est déjà enregistrée (acte n° ${number}).`,
  /** The reception block while the delay waits for the notification. */
  awaitingNotification: (number: string) =>
    `à compter de la notification de la mise en demeure n° ${number} (en attente)`,
  /** The refusal's mail: when a formal notice will follow. */
  refusalMailLine:
    'Le délai pour reprendre les travaux courra à compter de la notification de la mise en demeure signée, qui vous sera adressée par le portail.',
  /** The signed formal notice's mail. */
  signedMailLine: (days: string) =>
    `Le délai de ${days} pour reprendre les travaux et demander une nouvelle réception court à compter de la notification de cette mise en demeure, c'est-à-dire de son ouverture sur le portail avec votre compte.`,
  delayStarted: (number: string, day: string) =>
    `Délai de la mise en demeure n° ${number} démarré : reprise des travaux jusqu'au ${day}`,
} as const;

/** The states of a refused reception (12, and 13 after a second refusal). */
export const REFUSED_RECEPTION_STATES = [12, 13] as const;

/** What decides whether the signed formal notice may be recorded now. */
export interface FormalNoticeSigningFacts {
  stateId: number | null;
  /** The latest reception's opinion. */
  receptionOpinion: string | null | undefined;
  /** A formal notice (type 106) was generated for the request. */
  generated: boolean;
  /** The number of the latest reception's signed formal notice, if any. */
  signedNumber: string | null | undefined;
}

/** Why the signed formal notice cannot be recorded now, in French, or null (the role apart). */
export function formalNoticeSigningProblem(facts: FormalNoticeSigningFacts): string | null {
  const refused =
    (REFUSED_RECEPTION_STATES as readonly number[]).includes(facts.stateId ?? 0) &&
    facts.receptionOpinion === 'refusé';
  if (!refused) return FORMAL_NOTICE_TEXTS.notAfterRefusal;
  if (facts.signedNumber) return FORMAL_NOTICE_TEXTS.alreadySigned(facts.signedNumber);
  if (!facts.generated) return FORMAL_NOTICE_TEXTS.notGenerated;
  return null;
}

/**
 * The last day left to resume the works: the formal-notice rule's delay from the Paris day of the
 * proven notification (`notifiedAt`, ISO 8601: the opening on the portal, or the registered
 * letter's receipt) — never from the refusal nor the signature.
 */
export function formalNoticeRemedyDue(notifiedAt: string, delay: LegalDelay): string {
  return deadlineFrom(parisIsoDay(notifiedAt), delay);
}

/** The reception block's « Délai pour reprendre les travaux » value, or '' when none runs. */
export function remedyDelayText(reception: {
  remedyDueOn?: string | null;
  formalNoticeAct?: string | null;
}): string {
  if (reception.remedyDueOn) return `jusqu'au ${formatDateFr(reception.remedyDueOn)}`;
  return reception.formalNoticeAct ? FORMAL_NOTICE_TEXTS.awaitingNotification(reception.formalNoticeAct) : '';
}

/** The formal notice as an act, on the request's detail (letters). */
export const FormalNoticeActSchema = z
  .object({
    /** The latest reception's signed formal notice: its number in the register; null before. */
    number: z.string().nullable(),
    /** True when the viewer may record the signed formal notice now. */
    canRecordSigned: z.boolean(),
  })
  .meta({ id: 'FormalNoticeAct' });
export type FormalNoticeAct = z.infer<typeof FormalNoticeActSchema>;
