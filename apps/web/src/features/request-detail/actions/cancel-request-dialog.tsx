import { cancelRequest } from '../api/instruction-api';
import { ACTION_TEXTS } from '../model/instruction-actions';
import { failureText } from '../../../api';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useRequestAction, type ActionTarget } from './use-request-action';

/**
 * 'Êtes-vous sûr de vouloir annuler cette demande ?' then POST request/{id}/cancel
 * (docs/workflow.md "Transitions").
 */
export function CancelRequestDialog(props: { target: ActionTarget; open: boolean; onClose: () => void }) {
  const close = () => {
    mutation.reset();
    props.onClose();
  };
  const mutation = useRequestAction(props.target, () => cancelRequest(props.target.request.id), {
    fallbackNotice: ACTION_TEXTS.cancelledNotice,
    onSuccess: close,
  });
  return (
    <ConfirmDialog
      open={props.open}
      title={ACTION_TEXTS.cancelTitle}
      text={ACTION_TEXTS.cancelQuestion}
      cancelLabel={ACTION_TEXTS.cancelNo}
      confirmLabel={ACTION_TEXTS.cancelYes}
      destructive
      pending={mutation.isPending}
      error={mutation.isError ? failureText(mutation.error) : null}
      onConfirm={() => mutation.mutate()}
      onCancel={close}
    />
  );
}
