import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';
import { ACTION_TEXTS } from '../model/instruction-actions';
import type { ActionDialogProps } from './use-action-dialog';
import { useRequestAction, type AppliedAnswer } from './use-request-action';

/** What a confirmation says: its title, its question and the notice after (if the server has none). */
interface ActionConfirmTexts {
  title: string;
  question: string;
  notice: string;
}

/**
 * 'Oui' or 'Non' before a workflow call that ends something (the request, the works), then the
 * server's notice (docs/workflow.md "Transitions").
 */
export function ActionConfirmDialog(
  props: ActionDialogProps & {
    texts: ActionConfirmTexts;
    send: (requestId: number) => Promise<AppliedAnswer>;
  },
) {
  const mutation = useRequestAction(props.target, props.send, {
    fallbackNotice: props.texts.notice,
    onSuccess: props.onClose,
  });
  return (
    <ConfirmDialog
      {...confirmState(props.open ? props.target.request.id : null, mutation, props.onClose)}
      title={props.texts.title}
      text={props.texts.question}
      confirmLabel={ACTION_TEXTS.yes}
      cancelLabel={ACTION_TEXTS.no}
      destructive
    />
  );
}
