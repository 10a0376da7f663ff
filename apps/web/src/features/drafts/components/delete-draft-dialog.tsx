import DialogContentText from '@mui/material/DialogContentText';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DRAFT_MESSAGES, type DraftSummary } from '@voirie/domain';
import { failureText } from '../../../api';
import { showToast } from '../../../ui';
import { FormDialog } from '../../../ui/form-dialog';
import { deleteDraft, DRAFTS_KEY } from '../api/drafts-api';
import { DRAFTS_TEXTS as T, draftTitle } from '../model/drafts-texts';

/** 'Supprimer ce brouillon ?': the confirmation before `DELETE drafts/{id}` ('Annuler' keeps it). */
export function DeleteDraftDialog({ draft, onClose }: { draft: DraftSummary | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (target: DraftSummary) => deleteDraft(target.id),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
      showToast(answer.message || DRAFT_MESSAGES.deleted, 'success');
      onClose();
    },
  });
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <FormDialog
      open={draft !== null}
      title={T.deleteTitle}
      onClose={close}
      onSubmit={() => draft && mutation.mutate(draft)}
      error={mutation.isError ? failureText(mutation.error) : null}
      submitLabel={T.delete}
      pending={mutation.isPending}
    >
      <DialogContentText>{draft ? `${draftTitle(draft)}. ${T.deleteText}` : ''}</DialogContentText>
    </FormDialog>
  );
}
