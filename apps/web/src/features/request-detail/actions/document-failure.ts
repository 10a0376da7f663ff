import { letterFailureMessage } from '@voirie/domain';
import { failureText } from '../../../api';
import { showToast } from '../../../ui';

/**
 * A call on the order or a letter failed (generated, edited, sent to the records system):
 * 'Erreur lors de l'ouverture du courrier : …' with the server's message, for 5 s (docs/screens.md
 * "Notices and errors", docs/constants.md "Limits and timings").
 */
export function announceLetterFailure(error: unknown): void {
  showToast(letterFailureMessage(failureText(error)), 'error', { topic: 'document' });
}
