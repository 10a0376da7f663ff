import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@voirie/domain';
import { useEffect, useId } from 'react';
import { showToast } from '../../../ui';
import { CONTACTS_KEY, deleteContact } from '../api/recipients-api';
import { RECIPIENTS_TEXTS } from '../model/recipients-texts';
import { failureText } from '../../../api';

/** The confirmation before `DELETE contacts/{id}` (spec 2 §2.9). */
export function DeleteContactDialog(props: { open: boolean; contact: Contact | null; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (contact: Contact) => deleteContact(contact.id),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
      showToast(answer.message || RECIPIENTS_TEXTS.contactDeleted, 'success');
      props.onClose();
    },
  });
  const { reset } = mutation;
  useEffect(() => {
    if (props.open) reset();
  }, [props.open, reset]);
  const contact = props.contact;
  return (
    <Dialog
      open={props.open && contact !== null}
      onClose={props.onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{RECIPIENTS_TEXTS.deleteConfirm}</DialogTitle>
      <DialogContent>
        {mutation.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failureText(mutation.error)}
          </Alert>
        ) : null}
        <DialogContentText id={textId}>
          {contact ? `${contact.name} — ${contact.email}` : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{RECIPIENTS_TEXTS.cancel}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={mutation.isPending}
          onClick={() => contact && mutation.mutate(contact)}
        >
          {RECIPIENTS_TEXTS.deleteButton}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
