import DialogContentText from '@mui/material/DialogContentText';
import { DRAFT_MESSAGES, type DraftSummary } from '@voirie/domain';
import { callState, FormDialog } from '../../../ui/form-dialog';
import { deleteDraft, DRAFTS_KEY } from '../api/drafts-api';
import { DRAFTS_TEXTS as T, draftTitle } from '../model/drafts-texts';
import { useSavedChange } from '../../../shared/use-saved-change';

/** 'Supprimer ce brouillon ?': the confirmation before `DELETE drafts/{id}` ('Annuler' keeps it). */
export function DeleteDraftDialog({ draft, onClose }: { draft: DraftSummary | null; onClose: () => void }) {
  const mutation = useSavedChange({
    send: (target: DraftSummary) => deleteDraft(target.id),
    refresh: DRAFTS_KEY,
    saved: DRAFT_MESSAGES.deleted,
    onDone: onClose,
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
      submitLabel={T.delete}
      {...callState(mutation)}
    >
      <DialogContentText>{draft ? `${draftTitle(draft)}. ${T.deleteText}` : ''}</DialogContentText>
    </FormDialog>
  );
}
