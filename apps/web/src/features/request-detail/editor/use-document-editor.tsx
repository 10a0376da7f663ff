import { useMutation } from '@tanstack/react-query';
import { DOCUMENT_EDITOR_TEXTS, type DocumentEditor } from '@voirie/domain';
import { useState, type ReactNode } from 'react';
import { showToast } from '../../../ui';
import { announceLetterFailure } from '../actions/document-failure';
import type { ActionTarget } from '../actions/use-request-action';
import { DocumentEditorDialog } from './document-editor-dialog';
import { openDocumentEditor } from './editor-api';

/**
 * Opening a generated order or letter in its editor (docs/screens.md « Request detail »): asks the
 * server which editor opens the document (GET document/{id}/editor), then shows the portal's
 * editor in a full-screen dialog — or, when the portal is pointed at an ONLYOFFICE Document
 * Server, its page in a new window ('Impossible d'ouvrir une nouvelle fenêtre.' when the browser
 * blocks it). A refusal reads 'Erreur lors de l'ouverture du courrier : …'.
 */
export function useDocumentEditor(target: ActionTarget): {
  open: (documentId: number) => void;
  pending: boolean;
  dialog: ReactNode;
} {
  const [editor, setEditor] = useState<DocumentEditor | null>(null);
  const opening = useMutation({
    mutationFn: (documentId: number) => openDocumentEditor(documentId),
    onSuccess: (opened) => {
      if (opened.editor === 'onlyoffice' && opened.onlyoffice) {
        const opens = window.open(opened.onlyoffice.pageUrl, '_blank');
        if (!opens) showToast(DOCUMENT_EDITOR_TEXTS.popupBlocked, 'error', { topic: 'document' });
        return;
      }
      setEditor(opened);
    },
    onError: announceLetterFailure,
  });
  return {
    open: (documentId) => opening.mutate(documentId),
    pending: opening.isPending,
    dialog: editor && (
      <DocumentEditorDialog target={target} editor={editor} onClose={() => setEditor(null)} />
    ),
  };
}
