import { receptionRefusalText, type LetterDraft } from '@voirie/domain';

/** The refusal's sentences (spec 2 §5): the fixed texts, and the free text of 'autre'. */
export function refusalSentences(draft: Pick<LetterDraft, 'motifRefus' | 'motifRefusTxt'>): string[] {
  return draft.motifRefus
    .map((reason) => receptionRefusalText(reason, draft.motifRefusTxt))
    .filter((sentence) => sentence.length > 0);
}
