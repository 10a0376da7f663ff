import { ActionConfirmDialog } from '../actions/action-confirm-dialog';
import type { ActionDialogProps } from '../actions/use-action-dialog';
import { cancelWorks } from './applicant-api';
import { CANCEL_WORKS_TEXTS } from './works-texts';

/**
 * 'Annuler les travaux' (docs/workflow.md "Transitions"): confirmed, POST
 * request/{id}/cancel-works, 'Travaux annulés'.
 */
export function CancelWorksDialog(props: ActionDialogProps) {
  return <ActionConfirmDialog {...props} texts={CANCEL_WORKS_TEXTS} send={cancelWorks} />;
}
