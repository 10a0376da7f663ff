import { cancelRequest, withdrawRequest } from '../api/instruction-api';
import { ACTION_TEXTS } from '../model/instruction-actions';
import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';
import { useRequestAction, type ActionTarget } from './use-request-action';

interface RequestEndDialogProps {
  target: ActionTarget;
  open: boolean;
  onClose: () => void;
}

/** A yes/no question that ends the request: cancel or withdraw, the server's notice after. */
function RequestEndDialog(
  props: RequestEndDialogProps & {
    title: string;
    question: string;
    notice: string;
    send: (id: number) => Promise<{ message: string }>;
  },
) {
  // The answer is the list's row: the page reads the request again (no `data` to apply).
  const mutation = useRequestAction(
    props.target,
    async (requestId: number) => ({ message: (await props.send(requestId)).message }),
    { fallbackNotice: props.notice, onSuccess: props.onClose },
  );
  return (
    <ConfirmDialog
      {...confirmState(props.open ? props.target.request.id : null, mutation, props.onClose)}
      title={props.title}
      text={props.question}
      cancelLabel={ACTION_TEXTS.cancelNo}
      confirmLabel={ACTION_TEXTS.cancelYes}
      destructive
    />
  );
}

/**
 * 'Êtes-vous sûr de vouloir annuler cette demande ?' then POST request/{id}/cancel
 * (docs/workflow.md "Transitions").
 */
export function CancelRequestDialog(props: RequestEndDialogProps) {
  return (
    <RequestEndDialog
      {...props}
      title={ACTION_TEXTS.cancelTitle}
      question={ACTION_TEXTS.cancelQuestion}
      notice={ACTION_TEXTS.cancelledNotice}
      send={cancelRequest}
    />
  );
}

/** The applicant's withdrawal, one confirmation, then DELETE request/{id} (docs/api-requests.md). */
export function WithdrawRequestDialog(props: RequestEndDialogProps) {
  return (
    <RequestEndDialog
      {...props}
      title={ACTION_TEXTS.withdrawTitle}
      question={ACTION_TEXTS.withdrawQuestion}
      notice={ACTION_TEXTS.withdrawnNotice}
      send={withdrawRequest}
    />
  );
}
