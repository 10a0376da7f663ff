import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { ActionAnswer } from '../api/instruction-api';
import { FormDialog } from '../../../ui/form-dialog';
import { failureText } from '../../../api';
import { useRequestAction, type ActionTarget } from './use-request-action';

export interface FileActionDialogProps {
  target: ActionTarget;
  open: boolean;
  onClose: () => void;
  title: string;
  /** The file input's label. */
  label: string;
  accept: string;
  /** The refusal of a chosen file, or null. */
  check: (file: File) => string | null;
  requiredMessage: string;
  send: (file: File) => Promise<ActionAnswer>;
  /** Announces a failed call itself (a letter's toast) instead of the dialog's alert. */
  onFailure?: (error: unknown) => void;
}

/** A dialog that sends one file (multipart `file`): the signed order, the edited order. */
export function FileActionDialog(props: FileActionDialogProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const close = () => {
    setFile(null);
    setFormError(null);
    mutation.reset();
    props.onClose();
  };
  const mutation = useRequestAction(props.target, props.send, { onSuccess: close, onError: props.onFailure });
  const submit = () => {
    if (!file) {
      setFormError(props.requiredMessage);
      return;
    }
    const refusal = props.check(file);
    setFormError(refusal);
    if (!refusal) mutation.mutate(file);
  };
  return (
    <FormDialog
      open={props.open}
      title={props.title}
      onClose={close}
      onSubmit={submit}
      pending={mutation.isPending}
      error={mutation.isError && !props.onFailure ? failureText(mutation.error) : null}
    >
      <TextField
        id={inputId}
        type="file"
        label={props.label}
        required
        error={Boolean(formError)}
        helperText={formError ?? undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: props.accept } }}
        onChange={(event) => {
          const input = event.target as HTMLInputElement;
          const chosen = input.files?.[0] ?? null;
          setFile(chosen);
          setFormError(chosen ? props.check(chosen) : null);
        }}
      />
    </FormDialog>
  );
}
