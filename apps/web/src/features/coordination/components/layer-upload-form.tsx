import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { failureText } from '../../../api';
import { COORDINATION_ADMIN_TEXTS as T } from '../model/coordination-admin-texts';
import { NoticeAlert, type Notice } from './notice-alert';

/**
 * The import of a GeoJSON map layer, a section of the page: its heading, what it says of the layer
 * (`about`), the answer's notice, then the file, the form's other fields (`children`) and the
 * submit button. A file is asked for before anything is sent; once imported, the form is emptied.
 */
export function LayerUploadForm(props: {
  heading: string;
  about: ReactNode;
  fileLabel: string;
  submitLabel: string;
  send: (file: File) => Promise<{ message: string }>;
  /** After a success, e.g. to read the layer's summary again. */
  onImported?: () => Promise<unknown>;
  /** A failure's lines (its message, by default). */
  refusalLines?: (error: unknown) => string[];
  children?: ReactNode;
}) {
  const headingId = useId();
  const inputId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const upload = useMutation({
    mutationFn: props.send,
    onSuccess: async (answer) => {
      setNotice({ severity: 'success', lines: [answer.message] });
      setFile(null);
      formRef.current?.reset();
      await props.onImported?.();
    },
    onError: (error) =>
      setNotice({ severity: 'error', lines: props.refusalLines?.(error) ?? [failureText(error)] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setNotice({ severity: 'error', lines: [T.fileRequired] });
      return;
    }
    upload.mutate(file);
  };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {props.heading}
      </Typography>
      {props.about}
      <NoticeAlert notice={notice} />
      <Box component="form" ref={formRef} noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
        <FormLabel htmlFor={inputId}>{props.fileLabel}</FormLabel>
        <input
          id={inputId}
          type="file"
          accept=".geojson,.json,.gz,application/geo+json,application/json"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        {props.children}
        <div>
          <Button type="submit" variant="contained" loading={upload.isPending}>
            {props.submitLabel}
          </Button>
        </div>
      </Box>
    </Box>
  );
}
