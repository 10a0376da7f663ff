import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserListItem } from '@voirie/domain';
import { showToast } from '../../../ui';
import { deleteUser, resendResetLink, USERS_KEY } from '../api/users-api';
import { USERS_TEXTS, userDisplayName } from '../model/users-texts';
import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';

/** What the list asks to confirm: deleting a user, or sending it a new password link. */
export type UserAction = { kind: 'delete' | 'resend'; user: UserListItem } | null;

/** The confirmation, then `DELETE stduser/{id}` or `POST stduser/{id}/reset-link`; the server's notice after. */
export function UserActionDialog(props: { action: UserAction; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (action: NonNullable<UserAction>) =>
      action.kind === 'delete' ? deleteUser(action.user.publicId) : resendResetLink(action.user.publicId),
    onSuccess: async (answer, action) => {
      if (action.kind === 'delete') await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      showToast(answer.message, 'success');
      props.onClose();
    },
  });
  const { action } = props;
  const isDelete = action?.kind === 'delete';
  return (
    <ConfirmDialog
      {...confirmState(action, mutation, props.onClose)}
      title={isDelete ? USERS_TEXTS.deleteConfirm : USERS_TEXTS.resetConfirm}
      text={action ? `${userDisplayName(action.user)} — ${action.user.email}` : ''}
      cancelLabel={USERS_TEXTS.cancel}
      confirmLabel={isDelete ? USERS_TEXTS.deleteButton : USERS_TEXTS.resendButton}
      destructive={isDelete}
    />
  );
}
