import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ActNumberingSchema, type ActNumbering } from '@voirie/domain';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, failureText } from '../../../api';
import { showToast } from '../../../ui';
import { actNumberingQueryOptions, saveActNumbering } from '../api/act-register-api';
import { ACT_REGISTER_TEXTS as T } from '../model/act-register-texts';
import { SaveButton } from './short-text';

/** The server's refusal of the format, as the field's error: its field message, else its message. */
function refusalOf(error: unknown): string {
  if (error instanceof ApiError) {
    const onField = (error.body?.errors ?? []).find((item) => item.path === 'format');
    if (onField) return onField.message;
  }
  return failureText(error);
}

/** The format's field, checked with the domain's schema, then by the API. */
function FormatForm({
  format,
  example,
  defaultFormat,
}: {
  format: string;
  example: string;
  defaultFormat: string;
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(format);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: ActNumbering) => saveActNumbering(body),
    onSuccess: (answer) => {
      queryClient.setQueryData(actNumberingQueryOptions().queryKey, answer.data);
      showToast(answer.message, 'success');
    },
    onError: (failure) => setError(refusalOf(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ActNumberingSchema.safeParse({ format: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <Typography variant="body2">
        {T.formatHelp} {T.defaultFormat(defaultFormat)}.
      </Typography>
      <TextField
        id="act-number-format"
        label={T.format}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error !== null}
        helperText={error ?? T.example(example)}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <SaveButton pending={save.isPending} />
    </Box>
  );
}

/** « Format des numéros d'actes » (administrators, the domain's manageActNumbering). */
export function ActNumberingSection() {
  const headingId = useId();
  const { data: view } = useQuery(actNumberingQueryOptions());
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {T.numberingHeading}
      </Typography>
      {view && (
        // Keyed on the saved format: the field starts again from what the server holds.
        <FormatForm
          key={view.format}
          format={view.format}
          example={view.example}
          defaultFormat={view.defaultFormat}
        />
      )}
    </Box>
  );
}
