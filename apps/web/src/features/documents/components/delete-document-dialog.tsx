import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIBRARY_MESSAGES, type LibraryDocument } from '@voirie/domain';
import { useEffect } from 'react';
import { failureText } from '../../../api';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
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
  const { reset } = mutation;
  const document = props.document;
  useEffect(() => {
    if (document) reset();
  }, [document, reset]);
  return (
    <ConfirmDialog
      open={document !== null}
      title={T.deleteTitle}
      text={document ? `${document.title} — ${document.fileName}` : ''}
      cancelLabel={T.cancel}
      confirmLabel={T.delete}
      destructive
      pending={mutation.isPending}
      error={mutation.isError ? failureText(mutation.error) : null}
      onConfirm={() => document && mutation.mutate(document)}
      onCancel={props.onClose}
    />
  );
}
