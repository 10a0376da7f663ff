import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { LEAVE_TEXTS as T } from '../model/leave-texts';

/**
 * 'Quitter sans enregistrer ?': asked when the user leaves the wizard with
 * input not saved. With a draft, 'Enregistrer et quitter' saves first (and stays on a refusal,
 * with its reason); 'Quitter sans enregistrer' leaves; 'Rester sur la page' goes back to it.
 */
export function LeaveWizardDialog(props: {
  open: boolean;
  /** Saves the draft; absent when the wizard keeps no draft (completion of a request). */
  onSave?: () => Promise<boolean>;
  /** The refusal of the last save, shown when saving before leaving failed. */
  saveError: string | null;
  onLeave: () => void;
  onStay: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const save = props.onSave;
  const close = () => {
    setFailed(false);
    props.onStay();
  };
  const saveAndLeave = async () => {
    if (!save) return;
    setSaving(true);
    const saved = await save();
    setSaving(false);
    setFailed(!saved);
    if (saved) props.onLeave();
  };
  return (
    <Dialog open={props.open} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{T.title}</DialogTitle>
      <DialogContent>
        {failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {`${T.saveFailed} ${props.saveError ?? ''}`.trim()}
          </Alert>
        )}
        <DialogContentText id={textId}>{save ? T.draftText : T.updateText}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close}>{T.stay}</Button>
        <Button color="error" onClick={props.onLeave}>
          {T.leave}
        </Button>
        {save && (
          <Button variant="contained" disabled={saving} onClick={() => void saveAndLeave()}>
            {T.saveAndLeave}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
