import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Confirmation before cancelling a request from the list. */
export function CancelDialog(props: {
  requestId: number | null;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={props.requestId !== null}
      onClose={props.onClose}
      aria-labelledby="cancel-request-title"
      aria-describedby="cancel-request-text"
    >
      <DialogTitle id="cancel-request-title">Annuler la demande</DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-request-text">
          Voulez-vous vraiment annuler la demande n° {props.requestId} ? Cette action est définitive.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Non</Button>
        <Button variant="contained" color="error" onClick={props.onConfirm} disabled={props.isPending}>
          Oui, annuler la demande
        </Button>
      </DialogActions>
    </Dialog>
  );
}
