import { cancelRequest, withdrawRequest } from '../api/instruction-api';
import { ACTION_TEXTS } from '../model/instruction-actions';
import { ActionConfirmDialog } from './action-confirm-dialog';
import type { ActionDialogProps } from './use-action-dialog';

/** The answer is the list's row: the page reads the request again (no `data` to apply). */
function readAgainAfter(send: (id: number) => Promise<{ message: string }>) {
  return async (requestId: number) => ({ message: (await send(requestId)).message });
}

/**
 * 'Êtes-vous sûr de vouloir annuler cette demande ?' then POST request/{id}/cancel
 * (docs/workflow.md "Transitions").
 */
export function CancelRequestDialog(props: ActionDialogProps) {
  return (
    <ActionConfirmDialog {...props} texts={ACTION_TEXTS.cancelConfirm} send={readAgainAfter(cancelRequest)} />
  );
}

/** The applicant's withdrawal, one confirmation, then DELETE request/{id} (docs/api-requests.md). */
export function WithdrawRequestDialog(props: ActionDialogProps) {
  return (
    <ActionConfirmDialog
      {...props}
      texts={ACTION_TEXTS.withdrawConfirm}
      send={readAgainAfter(withdrawRequest)}
    />
  );
}
