import {
  isReceptionValidationReady,
  LETTER_KINDS,
  RECEPTION_REFUSAL_OTHER,
  RecordReceptionInputSchema,
  receptionRefusalText,
  toWorkflowRequest,
  type LetterDraft,
  type PublicDomainPart,
  type Reception,
  type ReceptionOpinion,
  type ReceptionRefusalReason,
  type RecordReceptionInput,
} from '@voirie/domain';
import type { RequestDetail } from '../api/instruction-api';

// The instructor's reception outcome dialog (docs/data-model.md "Entities", docs/workflow.md
// "Transitions", docs/validation.md "Reception dialogs"): its texts, its values, what is sent, and
// when it may be validated.

export const OUTCOME_TEXTS = {
  title: 'Réception des travaux',
  opinion: 'Avis',
  opinions: { accepté: 'Accepté', refusé: 'Refusé' } satisfies Record<ReceptionOpinion, string>,
  visitDate: 'Date de visite',
  parts: 'Parties du domaine public',
  reasons: 'Motifs du refus',
  otherText: 'Précisez le motif',
  submit: 'Valider',
  notReady:
    'La validation attend le procès-verbal, la mise en demeure ou un document de réception : générez le courrier d’abord.',
  letters: 'Courriers de réception',
  accepted: 'Dossier réceptionné.',
  refused: 'Réception refusée.',
} as const;

export interface OutcomeValues {
  avis: ReceptionOpinion | null;
  /** 'YYYY-MM-DD' or null. */
  dateVisite: string | null;
  partieDomainePublic: PublicDomainPart[];
  motifRefus: ReceptionRefusalReason[];
  motifRefusTxt: string;
  /** Refusal photos (type 104), up to 5. */
  photos: File[];
}

export type OutcomeField = 'avis' | 'dateVisite' | 'motifRefus' | 'motifRefusTxt' | 'partieDomainePublic';
export type OutcomeErrors = Partial<Record<OutcomeField, string>>;

/** The dialog's values from the request's reception (an earlier choice is kept). */
export function outcomeDefaults(reception: Reception | null | undefined): OutcomeValues {
  return {
    avis: reception?.avis ?? null,
    dateVisite: reception?.dateVisite ?? null,
    partieDomainePublic: [...(reception?.partieDomainePublic ?? [])],
    motifRefus: [...(reception?.motifRefus ?? [])],
    motifRefusTxt: reception?.motifRefusTxt ?? '',
    photos: [],
  };
}

/** The fixed sentence of a refusal reason ('autre' has none: its text is typed). */
export function refusalSentence(reason: ReceptionRefusalReason): string | null {
  return reason === RECEPTION_REFUSAL_OTHER ? null : receptionRefusalText(reason);
}

/** True when the free text of 'autre' is asked. */
export function asksOtherText(values: Pick<OutcomeValues, 'motifRefus'>): boolean {
  return values.motifRefus.includes(RECEPTION_REFUSAL_OTHER);
}

/**
 * The reception as chosen now (the letters' draft and the outcome's body): the refusal's reasons
 * only with a refusal, the free text only with 'autre'.
 */
export function outcomeDraft(values: OutcomeValues): LetterDraft {
  const refused = values.avis === 'refusé';
  const motifRefus = refused ? values.motifRefus : [];
  return {
    ...(values.avis ? { avis: values.avis } : {}),
    dateVisite: values.dateVisite,
    motifRefus,
    motifRefusTxt: refused && asksOtherText(values) ? values.motifRefusTxt.trim() || null : null,
    partieDomainePublic: values.partieDomainePublic,
  };
}

/** The outcome to send, or the errors by field (the domain's schema, as the server checks it). */
export function checkOutcome(
  values: OutcomeValues,
): { ok: true; input: RecordReceptionInput; photos: File[] } | { ok: false; errors: OutcomeErrors } {
  const parsed = RecordReceptionInputSchema.safeParse(outcomeDraft(values));
  if (parsed.success)
    return { ok: true, input: parsed.data, photos: values.avis === 'refusé' ? values.photos : [] };
  const errors: OutcomeErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as OutcomeField | undefined;
    if (field) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * The validation may be enabled (docs/validation.md "Reception dialogs"): a document of type 106,
 * 107, 108 or 109 exists among the request's documents, its reception documents and its letters
 * (the server checks it too).
 */
export function isOutcomeValidationReady(request: RequestDetail): boolean {
  const letters = LETTER_KINDS.flatMap((kind) => {
    const letter = request.letters?.[kind];
    return [letter?.docx, letter?.pdf].filter((document) => document != null);
  });
  const documents = [...(request.documents ?? []), ...(request.receptionDocuments ?? []), ...letters];
  return isReceptionValidationReady(toWorkflowRequest({ ...request, documents }, request.reception));
}
