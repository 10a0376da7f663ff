import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { USERS_TEXTS } from '../model/users-texts';

/** A question before an action on a user, named by the question itself (spec 2 §2.8). */
export function ConfirmDialog(props: {
  open: boolean;
  question: string;
  detail: string;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{props.question}</DialogTitle>
      <DialogContent>
        {props.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {props.error}
          </Alert>
        ) : null}
        <DialogContentText id={textId}>{props.detail}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{USERS_TEXTS.cancel}</Button>
        <Button
          color={props.danger ? 'error' : 'primary'}
          variant="contained"
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
