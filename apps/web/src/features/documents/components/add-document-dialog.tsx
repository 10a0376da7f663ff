import TextField from '@mui/material/TextField';
import {
  LIBRARY_CATEGORIES,
  LIBRARY_FILE_ACCEPT,
  LIBRARY_LIMITS,
  LIBRARY_MESSAGES,
  LibraryDocumentFormSchema,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
} from '@voirie/domain';
import { useState } from 'react';
import { callState, FormDialog } from '../../../ui/form-dialog';
import { usePublicConfig } from '../../shell';
import { addLibraryDocument, LIBRARY_KEY } from '../api/library-api';
import { DOCUMENTS_TEXTS as T } from '../model/library-texts';
import { useSavedChange } from '../../../shared/use-saved-change';

type Errors = Partial<Record<'title' | 'category' | 'file', string>>;
const EMPTY = { title: '', category: '' };

/**
 * 'Ajout d'un document' (administrators): a title, a category and a file, checked here for what
 * can be (fields, size) and by the server for the rest (the file's content: PDF or office formats).
 */
export function AddDocumentDialog(props: { open: boolean; onClose: () => void }) {
  const maxBytes = usePublicConfig()?.uploadMaxBytes ?? MAX_UPLOAD_BYTES;
  const [fields, setFields] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useSavedChange({
    send: addLibraryDocument,
    refresh: LIBRARY_KEY,
    saved: LIBRARY_MESSAGES.added,
    onDone: () => close(),
  });
  function close() {
    setFields(EMPTY);
    setFile(null);
    setErrors({});
    mutation.reset();
    props.onClose();
  }
  const fileError = (chosen: File | null) =>
    !chosen
      ? LIBRARY_MESSAGES.noFile
      : chosen.size > maxBytes
        ? UPLOAD_MESSAGES.tooLarge(maxBytes)
        : undefined;
  const submit = () => {
    const parsed = LibraryDocumentFormSchema.safeParse(fields);
    const next: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) next[issue.path[0] as 'title' | 'category'] ??= issue.message;
    const refusal = fileError(file);
    if (refusal) next.file = refusal;
    setErrors(next);
    if (parsed.success && !refusal && file) mutation.mutate({ ...parsed.data, file });
  };
  return (
    <FormDialog
      open={props.open}
      title={LIBRARY_MESSAGES.addTitle}
      onClose={close}
      onSubmit={submit}
      submitLabel={T.save}
      {...callState(mutation)}
    >
      <TextField
        id="library-title"
        label={T.titleField}
        required
        value={fields.title}
        onChange={(event) => setFields({ ...fields, title: event.target.value })}
        error={Boolean(errors.title)}
        helperText={errors.title}
        slotProps={{ htmlInput: { maxLength: LIBRARY_LIMITS.titleMax } }}
        sx={{ mt: 1 }}
      />
      <TextField
        id="library-category"
        select
        label={T.category}
        required
        value={fields.category}
        onChange={(event) => setFields({ ...fields, category: event.target.value })}
        error={Boolean(errors.category)}
        helperText={errors.category}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{T.chooseCategory}</option>
        {LIBRARY_CATEGORIES.map((category) => (
          <option key={category.id} value={category.id}>
            {category.label}
          </option>
        ))}
      </TextField>
      <TextField
        id="library-file"
        type="file"
        label={T.file}
        required
        error={Boolean(errors.file)}
        helperText={errors.file ?? LIBRARY_MESSAGES.sizeHelp(maxBytes)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: LIBRARY_FILE_ACCEPT } }}
        onChange={(event) => {
          const chosen = (event.target as HTMLInputElement).files?.[0] ?? null;
          setFile(chosen);
          setErrors({ ...errors, file: chosen ? fileError(chosen) : undefined });
        }}
      />
    </FormDialog>
  );
}
