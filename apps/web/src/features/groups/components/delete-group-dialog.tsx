import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';
import { showToast } from '../../../ui';
import { deleteGroup, refreshGroups, type PerimeterItem } from '../api/groups-api';
import type { GroupType } from '../model/group-types';
import { GROUPS_TEXTS } from '../model/groups-texts';

/**
 * 'Voulez vous vraiment supprimer cet opérateur ?' (docs/api-groups.md "The screen"), then DELETE
 * perimeter/{id}.
 */
export function DeleteGroupDialog(props: { type: GroupType; group: PerimeterItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (group: PerimeterItem) => deleteGroup(group.id),
    onSuccess: async (answer) => {
      await refreshGroups(queryClient);
      showToast(answer.message, 'success');
      props.onClose();
    },
  });
  return (
    <ConfirmDialog
      {...confirmState(props.group, mutation, props.onClose)}
      title={GROUPS_TEXTS.deleteConfirm(props.type)}
      text={`${props.group.libelle} — ${GROUPS_TEXTS.deleteConsequences(props.type)}`}
      cancelLabel={GROUPS_TEXTS.cancel}
      confirmLabel={GROUPS_TEXTS.deleteButton}
      destructive
    />
  );
}
