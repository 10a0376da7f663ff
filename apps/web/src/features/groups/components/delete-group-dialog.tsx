import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { failureText } from '../../../api';
import { showToast } from '../../../ui';
import { GROUPS_KEY, deleteGroup, type PerimeterItem } from '../api/groups-api';
import type { GroupType } from '../model/group-types';
import { GROUPS_TEXTS } from '../model/groups-texts';

/** 'Voulez vous vraiment supprimer cet opérateur ?' (spec 2 §2.11), then DELETE perimeter/{id}. */
export function DeleteGroupDialog(props: { type: GroupType; group: PerimeterItem; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteGroup(props.group.id),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      showToast(answer.message, 'success');
      props.onClose();
    },
  });
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{GROUPS_TEXTS.deleteConfirm(props.type)}</DialogTitle>
      <DialogContent>
        {mutation.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failureText(mutation.error)}
          </Alert>
        ) : null}
        <DialogContentText id={textId}>
          {props.group.libelle} — {GROUPS_TEXTS.deleteConsequences(props.type)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{GROUPS_TEXTS.cancel}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {GROUPS_TEXTS.deleteButton}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
