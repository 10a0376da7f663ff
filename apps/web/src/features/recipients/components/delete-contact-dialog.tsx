import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@voirie/domain';
import { useEffect } from 'react';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { showToast } from '../../../ui';
import { CONTACTS_KEY, deleteContact } from '../api/recipients-api';
import { RECIPIENTS_TEXTS } from '../model/recipients-texts';
import { failureText } from '../../../api';

/** The confirmation before `DELETE contacts/{id}` (docs/api-recipients.md "The screen"). */
export function DeleteContactDialog(props: { open: boolean; contact: Contact | null; onClose: () => void }) {
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
    <ConfirmDialog
      open={props.open && contact !== null}
      title={RECIPIENTS_TEXTS.deleteConfirm}
      text={contact ? `${contact.name} — ${contact.email}` : ''}
      cancelLabel={RECIPIENTS_TEXTS.cancel}
      confirmLabel={RECIPIENTS_TEXTS.deleteButton}
      destructive
      pending={mutation.isPending}
      error={mutation.isError ? failureText(mutation.error) : null}
      onConfirm={() => contact && mutation.mutate(contact)}
      onCancel={props.onClose}
    />
  );
}
