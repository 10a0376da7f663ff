import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIBRARY_MESSAGES, type LibraryDocument } from '@voirie/domain';
import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';
import { showToast } from '../../../ui';
import { deleteLibraryDocument, LIBRARY_KEY } from '../api/library-api';
import { DOCUMENTS_TEXTS as T } from '../model/library-texts';

/** The confirmation before `DELETE library/{id}` (administrators). */
export function DeleteDocumentDialog(props: { document: LibraryDocument | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (document: LibraryDocument) => deleteLibraryDocument(document.id),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: LIBRARY_KEY });
      showToast(answer.message || LIBRARY_MESSAGES.deleted, 'success');
      props.onClose();
    },
  });
  const document = props.document;
  return (
    <ConfirmDialog
      {...confirmState(document, mutation, props.onClose)}
      title={T.deleteTitle}
      text={document ? `${document.title} — ${document.fileName}` : ''}
      cancelLabel={T.cancel}
      confirmLabel={T.delete}
      destructive
    />
  );
}
