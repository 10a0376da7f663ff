import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { DECISION_LABELS } from './decision-labels';

/**
 * A wide dialog named by its title, holding a long form (its content and actions): the decision,
 * the cerfa 14024. The form is mounted while open only, so that every opening starts from the
 * request as saved.
 */
export function WideFormDialog(props: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="md"
      scroll="paper"
      aria-labelledby={props.titleId}
    >
      <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
      {props.open && props.children}
    </Dialog>
  );
}

/**
 * The form inside a WideFormDialog: its intro line, the form's and the server's failures in
 * alerts, the fields, then 'Annuler' and 'Enregistrer' (spinning while the save runs).
 */
export function WideDialogForm(props: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  intro: string;
  /** The form's own refusal (« Le formulaire contient des erreurs… »), when shown. */
  invalid: string | null;
  /** The server's refusal, when the save failed. */
  failure: string | null;
  onCancel: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        // A form's dialog opened from another's (the cerfa 14024 from the decision) is inside it
        // in React's tree: its submit would bubble to the outer form and save it too.
        event.stopPropagation();
        props.onSubmit(event);
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2">{props.intro}</Typography>
        {props.invalid && <Alert severity="error">{props.invalid}</Alert>}
        {props.failure && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
            {props.failure}
          </Alert>
        )}
        {props.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.pending}>
          {DECISION_LABELS.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={props.pending}>
          {DECISION_LABELS.save}
        </Button>
      </DialogActions>
    </Box>
  );
}
