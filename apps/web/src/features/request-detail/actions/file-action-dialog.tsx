import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { ActionAnswer } from '../api/instruction-api';
import { FormDialog } from '../../../ui/form-dialog';
import { useActionDialog, type ActionDialogProps } from './use-action-dialog';

interface CommonProps extends ActionDialogProps {
  title: string;
  accept: string;
  /** The refusal of a chosen file, or null. */
  check: (file: File) => string | null;
  requiredMessage: string;
  /** Announces a failed call itself (a letter's toast) instead of the dialog's alert. */
  onFailure?: (error: unknown) => void;
}

export interface FileActionDialogProps extends CommonProps {
  /** The file input's label. */
  label: string;
  send: (file: File) => Promise<ActionAnswer>;
}

export interface FilesActionDialogProps extends CommonProps {
  /** One file input per entry, each labelled; `key` names its multipart field. */
  inputs: readonly { key: string; label: string }[];
  send: (files: Readonly<Record<string, File>>) => Promise<ActionAnswer>;
}

/** One labelled file input, its refusal under it. */
function FileInput(props: {
  label: string;
  accept: string;
  error: string | null;
  onChoose: (file: File | null) => void;
}) {
  const inputId = useId();
  return (
    <TextField
      id={inputId}
      type="file"
      label={props.label}
      required
      error={Boolean(props.error)}
      helperText={props.error ?? undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: props.accept } }}
      onChange={(event) => props.onChoose((event.target as HTMLInputElement).files?.[0] ?? null)}
    />
  );
}

/**
 * A dialog that sends files in one multipart call, one input each (the signed orders, one per
 * act): each is required and checked when chosen and on sending.
 */
export function FilesActionDialog(props: FilesActionDialogProps) {
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const { mutation, dialog } = useActionDialog(props, props.send, {
    clear: () => {
      setFiles({});
      setErrors({});
    },
    onError: props.onFailure,
  });
  const submit = () => {
    const found = Object.fromEntries(
      props.inputs.map(({ key }) => {
        const file = files[key];
        return [key, file ? props.check(file) : props.requiredMessage];
      }),
    );
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    mutation.mutate(Object.fromEntries(props.inputs.map(({ key }) => [key, files[key]!])));
  };
  return (
    <FormDialog {...dialog} title={props.title} onSubmit={submit}>
      {props.inputs.map(({ key, label }) => (
        <FileInput
          key={key}
          label={label}
          accept={props.accept}
          error={errors[key] ?? null}
          onChoose={(chosen) => {
            setFiles((current) => ({ ...current, [key]: chosen }));
            setErrors((current) => ({ ...current, [key]: chosen ? props.check(chosen) : null }));
          }}
        />
      ))}
    </FormDialog>
  );
}

/** A dialog that sends one file (multipart `file`): the edited order, the signed order of a single act. */
export function FileActionDialog({ label, send, ...props }: FileActionDialogProps) {
  return (
    <FilesActionDialog {...props} inputs={[{ key: 'file', label }]} send={(files) => send(files.file!)} />
  );
}
