import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';
import { failureText } from '../api';

export interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  /** The server's (or the form's) failure, shown in an alert inside the dialog. */
  error?: string | null;
  /** The submit button's text ('OK' when not given). */
  submitLabel?: string;
  submitDisabled?: boolean;
  pending?: boolean;
  children: ReactNode;
}

/**
 * A form in a dialog, named by its title: the failure in an alert, the fields, then 'Annuler'
 * and the submit button (Enter in a field submits; Escape closes). Not in the ui index: the
 * sign-in page loads that index, and it has no dialog.
 */
export function FormDialog(props: FormDialogProps) {
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
          <Button onClick={props.onClose}>Annuler</Button>
          <Button type="submit" variant="contained" disabled={props.submitDisabled || props.pending}>
            {props.submitLabel ?? 'OK'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The pending and failure state of a FormDialog that sends one call (a TanStack Query mutation):
 * the submit button waits while it runs, its failure shows in the dialog.
 */
export function callState(call: { isPending: boolean; isError: boolean; error: unknown }) {
  return {
    pending: call.isPending,
    error: call.isError ? failureText(call.error) : null,
  } satisfies Partial<FormDialogProps>;
}
