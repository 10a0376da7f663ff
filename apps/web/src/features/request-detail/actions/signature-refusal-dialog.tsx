import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { refuseSignature } from '../api/instruction-api';
import { ACTION_TEXTS } from '../model/instruction-actions';
import { FormDialog } from '../../../ui/form-dialog';
import { failureText } from '../../../api';
import { useRequestAction, type ActionTarget } from './use-request-action';

/** The signatory refused the order: an optional reason, POST request/{id}/signature/refusal. */
export function SignatureRefusalDialog(props: { target: ActionTarget; open: boolean; onClose: () => void }) {
  const inputId = useId();
  const [comment, setComment] = useState('');
  const close = () => {
    setComment('');
    mutation.reset();
    props.onClose();
  };
  const mutation = useRequestAction(
    props.target,
    (reason: string) => refuseSignature(props.target.request.id, reason.trim() || null),
    { onSuccess: close },
  );
  return (
    <FormDialog
      open={props.open}
      title={ACTION_TEXTS.refusalTitle}
      onClose={close}
      onSubmit={() => mutation.mutate(comment)}
      pending={mutation.isPending}
      error={mutation.isError ? failureText(mutation.error) : null}
    >
      <TextField
        id={inputId}
        label={ACTION_TEXTS.refusalReason}
        multiline
        minRows={3}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
    </FormDialog>
  );
}
