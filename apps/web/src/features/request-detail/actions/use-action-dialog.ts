import { callState, type FormDialogProps } from '../../../ui/form-dialog';
import { useRequestAction, type ActionTarget, type AppliedAnswer } from './use-request-action';

/** What the page gives each action dialog: the request acted on, and whether it is open. */
export interface ActionDialogProps {
  target: ActionTarget;
  open: boolean;
  onClose: () => void;
}

/**
 * A form dialog that sends one workflow call of the page. Closing it ('Annuler', Escape, or the
 * call's success) clears the form (`clear`), forgets the call's failure and closes; the failure
 * shows in the dialog's alert unless `onError` announces it its own way (a letter's toast).
 * Answers the call and the FormDialog's open, close, pending and error.
 */
export function useActionDialog<TVariables>(
  props: ActionDialogProps,
  mutationFn: (variables: TVariables) => Promise<AppliedAnswer>,
  options: {
    clear: () => void;
    fallbackNotice?: string;
    /** After the dialog closed on success (e.g. back to the list). */
    onSuccess?: () => void;
    onError?: (error: unknown) => void;
  },
) {
  const close = () => {
    options.clear();
    mutation.reset();
    props.onClose();
  };
  const mutation = useRequestAction(props.target, mutationFn, {
    fallbackNotice: options.fallbackNotice,
    onSuccess: () => {
      close();
      options.onSuccess?.();
    },
    onError: options.onError,
  });
  const call = callState(mutation);
  const dialog: Pick<FormDialogProps, 'open' | 'onClose' | 'pending' | 'error'> = {
    open: props.open,
    onClose: close,
    pending: call.pending,
    error: options.onError ? null : call.error,
  };
  return { mutation, dialog };
}
