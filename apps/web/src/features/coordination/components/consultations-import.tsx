import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, failureText } from '../../../api';
import { importConsultationsLayer } from '../api/coordination-admin-api';
import { COORDINATION_ADMIN_TEXTS as T } from '../model/coordination-admin-texts';

type Notice = { severity: 'success' | 'error'; lines: readonly string[] } | null;

/** A refused import: its summary, then each bad feature the API names (docs/gis-api.md "Consultations"). */
function refusalLines(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.body) return [failureText(error)];
  const lines = [error.body.message, ...(error.body.errors ?? []).map((item) => item.message)];
  return [...new Set(lines.filter((line): line is string => Boolean(line)))];
}

/**
 * The administrators' import of the Plat'AU consultations (the staff's 'Consultations' map layer):
 * a GeoJSON file, all or nothing; a refusal lists every bad feature.
 */
export function ConsultationsImport() {
  const headingId = useId();
  const inputId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => importConsultationsLayer(chosen),
    onSuccess: (answer) => {
      setNotice({ severity: 'success', lines: [answer.message] });
      setFile(null);
      formRef.current?.reset();
    },
    onError: (error) => setNotice({ severity: 'error', lines: refusalLines(error) }),
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
        {T.consultationsHeading}
      </Typography>
      <Typography variant="body2">{T.consultationsHelp}</Typography>
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
          {notice.lines.length === 1 ? (
            notice.lines[0]
          ) : (
            <>
              {notice.lines[0]}
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {notice.lines.slice(1).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Box>
            </>
          )}
        </Alert>
      )}
      <Box component="form" ref={formRef} noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
        <FormLabel htmlFor={inputId}>{T.consultationsFile}</FormLabel>
        <input
          id={inputId}
          type="file"
          accept=".geojson,.json,.gz,application/geo+json,application/json"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <div>
          <Button type="submit" variant="contained" loading={upload.isPending}>
            {T.consultationsImport}
          </Button>
        </div>
      </Box>
    </Box>
  );
}
