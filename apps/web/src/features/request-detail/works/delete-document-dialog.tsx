import { DOCUMENT_DELETE_MESSAGES } from '@voirie/domain';
import { useState } from 'react';
import { useRequestAction, type ActionTarget } from '../actions/use-request-action';
import { deleteDocument } from './applicant-api';
import { ConfirmDialog, confirmState } from '../../../ui/confirm-dialog';
import { DELETE_DOCUMENT_TEXTS } from './works-texts';

/** Confirms the deletion of a document, then DELETE document/{id}; the page shows the request after. */
export function DeleteDocumentDialog(props: {
  target: ActionTarget;
  document: { id: number; name: string } | null;
  onClose: () => void;
}) {
  // The name stays in the question while the dialog fades out.
  const [shown, setShown] = useState(props.document);
  if (props.document && props.document !== shown) setShown(props.document);
  const mutation = useRequestAction(props.target, (documentId: number) => deleteDocument(documentId), {
    fallbackNotice: DOCUMENT_DELETE_MESSAGES.deleted,
    onSuccess: props.onClose,
  });
  return (
    <ConfirmDialog
      {...confirmState(props.document?.id ?? null, mutation, props.onClose)}
      title={DELETE_DOCUMENT_TEXTS.title}
      text={DELETE_DOCUMENT_TEXTS.question(shown?.name ?? '')}
      confirmLabel={DELETE_DOCUMENT_TEXTS.yes}
      cancelLabel={DELETE_DOCUMENT_TEXTS.no}
      destructive
    />
  );
}
