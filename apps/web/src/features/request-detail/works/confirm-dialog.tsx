import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  question: string;
  yes: string;
  no: string;
  onYes: () => void;
  /** 'Non', Escape or a click outside. */
  onNo: () => void;
  pending?: boolean;
  /** The failure of the confirmed call, shown above the question. */
  error?: string | null;
  /** A destructive confirmation colours its 'Oui' as an error. */
  destructive?: boolean;
}

/** A yes/no question in a dialog named by its title and described by the question. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={props.open} onClose={props.onNo} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {props.error && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
            {props.error}
          </Alert>
        )}
        <DialogContentText id={textId}>{props.question}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onNo}>{props.no}</Button>
        <Button
          variant="contained"
          color={props.destructive ? 'error' : 'primary'}
          disabled={props.pending}
          onClick={props.onYes}
        >
          {props.yes}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
