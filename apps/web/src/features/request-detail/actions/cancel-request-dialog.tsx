import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { cancelRequest } from '../api/instruction-api';
import { ACTION_TEXTS } from '../model/instruction-actions';
import { failureText } from '../../../api';
import { useRequestAction, type ActionTarget } from './use-request-action';

/** 'Êtes-vous sûr de vouloir annuler cette demande ?' then POST request/{id}/cancel (spec 2 §4). */
export function CancelRequestDialog(props: { target: ActionTarget; open: boolean; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const close = () => {
    mutation.reset();
    props.onClose();
  };
  const mutation = useRequestAction(props.target, () => cancelRequest(props.target.request.id), {
    fallbackNotice: ACTION_TEXTS.cancelledNotice,
    onSuccess: close,
  });
  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{ACTION_TEXTS.cancelTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {mutation.isError && <Alert severity="error">{failureText(mutation.error)}</Alert>}
        <DialogContentText id={textId}>{ACTION_TEXTS.cancelQuestion}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{ACTION_TEXTS.cancelNo}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {ACTION_TEXTS.cancelYes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
