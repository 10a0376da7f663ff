import { failureText } from '../../../api';
import { useRequestAction, type ActionTarget } from '../actions/use-request-action';
import { cancelWorks } from './applicant-api';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CANCEL_WORKS_TEXTS } from './works-texts';

/**
 * 'Annuler les travaux' (docs/workflow.md "Transitions"): confirmed, POST
 * request/{id}/cancel-works, 'Travaux annulés'.
 */
export function CancelWorksDialog(props: { target: ActionTarget; open: boolean; onClose: () => void }) {
  const close = () => {
    mutation.reset();
    props.onClose();
  };
  const mutation = useRequestAction(props.target, () => cancelWorks(props.target.request.id), {
    fallbackNotice: CANCEL_WORKS_TEXTS.notice,
    onSuccess: close,
  });
  return (
    <ConfirmDialog
      open={props.open}
      title={CANCEL_WORKS_TEXTS.title}
      text={CANCEL_WORKS_TEXTS.question}
      confirmLabel={CANCEL_WORKS_TEXTS.yes}
      cancelLabel={CANCEL_WORKS_TEXTS.no}
      destructive
      pending={mutation.isPending}
      error={mutation.isError ? failureText(mutation.error) : null}
      onConfirm={() => mutation.mutate()}
      onCancel={close}
    />
  );
}
