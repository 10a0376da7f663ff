import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { refuseSignature } from '../api/instruction-api';
import { ACTION_TEXTS } from '../model/instruction-actions';
import { FormDialog } from '../../../ui/form-dialog';
import { useActionDialog, type ActionDialogProps } from './use-action-dialog';

/** The signatory refused the order: an optional reason, POST request/{id}/signature/refusal. */
export function SignatureRefusalDialog(props: ActionDialogProps) {
  const inputId = useId();
  const [comment, setComment] = useState('');
  const { mutation, dialog } = useActionDialog(
    props,
    (reason: string) => refuseSignature(props.target.request.id, reason.trim() || null),
    { clear: () => setComment('') },
  );
  return (
    <FormDialog {...dialog} title={ACTION_TEXTS.refusalTitle} onSubmit={() => mutation.mutate(comment)}>
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
