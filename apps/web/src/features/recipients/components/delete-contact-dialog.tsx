import type { Contact } from '@voirie/domain';
import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';
import { CONTACTS_KEY, deleteContact } from '../api/recipients-api';
import { RECIPIENTS_TEXTS } from '../model/recipients-texts';
import { useSavedChange } from '../../../shared/use-saved-change';

/** The confirmation before `DELETE contacts/{id}` (docs/api-recipients.md "The screen"). */
export function DeleteContactDialog(props: { open: boolean; contact: Contact | null; onClose: () => void }) {
  const mutation = useSavedChange({
    send: (contact: Contact) => deleteContact(contact.id),
    refresh: CONTACTS_KEY,
    saved: RECIPIENTS_TEXTS.contactDeleted,
    onDone: props.onClose,
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
