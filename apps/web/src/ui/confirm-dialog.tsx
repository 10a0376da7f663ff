import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { failureText } from '../api';

export interface ConfirmDialogProps {
  open: boolean;
  /** The dialog's name: the question itself, or what is at stake ('Annuler la demande'). */
  title: string;
  /** What the answer does (the dialog's description). */
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** The cancel button, Escape or a click outside. */
  onCancel: () => void;
  pending?: boolean;
  /** The failure of the confirmed call, shown above the text. */
  error?: string | null;
  /** A destructive confirmation colours its button as an error. */
  destructive?: boolean;
}

/** A question before an action, in a dialog named by its title and described by its text. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={props.open} onClose={props.onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {props.error && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
            {props.error}
          </Alert>
        )}
        <DialogContentText id={textId}>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>{props.cancelLabel}</Button>
        <Button
          variant="contained"
          color={props.destructive ? 'error' : 'primary'}
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The call a confirmation sends: a mutation of the subject confirmed (TanStack Query's). */
export interface ConfirmedCall<TSubject> {
  mutate: (subject: TSubject) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * The open, pending and error state of a ConfirmDialog that confirms one call: open while there is
 * a subject to confirm (the user, the document…), the call sent with it, pending while it runs,
 * its failure shown above the text (the dialog stays open); cancelling forgets the failure and
 * closes. The caller closes it on success.
 */
export function confirmState<TSubject>(
  subject: TSubject | null,
  call: ConfirmedCall<TSubject>,
  onClose: () => void,
): Pick<ConfirmDialogProps, 'open' | 'pending' | 'error' | 'onConfirm' | 'onCancel'> {
  return {
    open: subject !== null,
    pending: call.isPending,
    error: call.isError ? failureText(call.error) : null,
    onConfirm: () => {
      if (subject !== null) call.mutate(subject);
    },
    onCancel: () => {
      call.reset();
      onClose();
    },
  };
}
