import { LIBRARY_MESSAGES, type LibraryDocument } from '@voirie/domain';
import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';
import { deleteLibraryDocument, LIBRARY_KEY } from '../api/library-api';
import { DOCUMENTS_TEXTS as T } from '../model/library-texts';
import { useSavedChange } from '../../../shared/use-saved-change';

/** The confirmation before `DELETE library/{id}` (administrators). */
export function DeleteDocumentDialog(props: { document: LibraryDocument | null; onClose: () => void }) {
  const mutation = useSavedChange({
    send: (document: LibraryDocument) => deleteLibraryDocument(document.id),
    refresh: LIBRARY_KEY,
    saved: LIBRARY_MESSAGES.deleted,
    onDone: props.onClose,
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
