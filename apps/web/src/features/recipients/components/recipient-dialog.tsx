import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';
import { ApiError, HTTP_MESSAGES } from '../../../api';
import { RECIPIENTS_TEXTS } from '../model/recipients-texts';

/** The text of a refused call: the server's French message (403: its detail, see api/http.ts). */
export function failureText(error: unknown): string {
  return error instanceof ApiError ? error.message : HTTP_MESSAGES.serverError;
}

export interface RecipientDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  /** The server's refusal, shown in an alert at the top of the dialog. */
  error?: string | null;
  pending?: boolean;
  children: ReactNode;
}

/**
 * A form dialog of the recipients screen, named by its title: the refusal in an alert, then the
 * fields, 'Annuler' and 'Enregistrer' (Enter in a field submits, Escape closes).
 */
export function RecipientDialog(props: RecipientDialogProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.pending) props.onSubmit();
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {props.error ? (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
              {props.error}
            </Alert>
          ) : null}
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{RECIPIENTS_TEXTS.cancel}</Button>
          <Button type="submit" variant="contained" disabled={props.pending}>
            {RECIPIENTS_TEXTS.save}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
