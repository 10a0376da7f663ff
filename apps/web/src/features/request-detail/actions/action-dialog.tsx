import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';
import { ACTION_TEXTS } from '../model/instruction-actions';

export interface ActionDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  /** The server's (or the form's) failure, shown in an alert inside the dialog. */
  error?: string | null;
  submitLabel?: string;
  submitDisabled?: boolean;
  pending?: boolean;
  children: ReactNode;
}

/**
 * The dialogs of the request page: a form named by its title, the failure in an alert, and
 * 'Annuler' / 'OK' (Enter in a field submits; Escape closes).
 */
export function ActionDialog(props: ActionDialogProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.submitDisabled && !props.pending) props.onSubmit();
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {props.error && (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
              {props.error}
            </Alert>
          )}
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{ACTION_TEXTS.cancelDialog}</Button>
          <Button type="submit" variant="contained" disabled={props.submitDisabled || props.pending}>
            {props.submitLabel ?? ACTION_TEXTS.ok}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
