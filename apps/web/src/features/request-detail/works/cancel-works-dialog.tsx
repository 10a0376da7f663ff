import { useRequestAction, type ActionTarget } from '../actions/use-request-action';
import { cancelWorks } from './applicant-api';
import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';
import { CANCEL_WORKS_TEXTS } from './works-texts';

/**
 * 'Annuler les travaux' (docs/workflow.md "Transitions"): confirmed, POST
 * request/{id}/cancel-works, 'Travaux annulés'.
 */
export function CancelWorksDialog(props: { target: ActionTarget; open: boolean; onClose: () => void }) {
  const mutation = useRequestAction(props.target, (requestId: number) => cancelWorks(requestId), {
    fallbackNotice: CANCEL_WORKS_TEXTS.notice,
    onSuccess: props.onClose,
  });
  return (
    <ConfirmDialog
      {...confirmState(props.open ? props.target.request.id : null, mutation, props.onClose)}
      title={CANCEL_WORKS_TEXTS.title}
      text={CANCEL_WORKS_TEXTS.question}
      confirmLabel={CANCEL_WORKS_TEXTS.yes}
      cancelLabel={CANCEL_WORKS_TEXTS.no}
      destructive
    />
  );
}
