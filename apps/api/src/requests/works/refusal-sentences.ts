import { receptionRefusalText, type LetterDraft } from '@voirie/domain';

/**
 * The refusal's sentences (docs/validation.md "Reception dialogs"): the fixed texts, and the free
 * text of 'autre'.
 */
export function refusalSentences(draft: Pick<LetterDraft, 'motifRefus' | 'motifRefusTxt'>): string[] {
  return draft.motifRefus
    .map((reason) => receptionRefusalText(reason, draft.motifRefusTxt))
    .filter((sentence) => sentence.length > 0);
}
