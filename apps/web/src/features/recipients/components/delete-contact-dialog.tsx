import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@voirie/domain';
import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';
import { showToast } from '../../../ui';
import { CONTACTS_KEY, deleteContact } from '../api/recipients-api';
import { RECIPIENTS_TEXTS } from '../model/recipients-texts';

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
  const contact = props.contact;
  return (
    <ConfirmDialog
      {...confirmState(props.open ? contact : null, mutation, props.onClose)}
      title={RECIPIENTS_TEXTS.deleteConfirm}
      text={contact ? `${contact.name} — ${contact.email}` : ''}
      cancelLabel={RECIPIENTS_TEXTS.cancel}
      confirmLabel={RECIPIENTS_TEXTS.deleteButton}
      destructive
    />
  );
}
