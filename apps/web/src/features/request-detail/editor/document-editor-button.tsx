import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { DOCUMENT_EDITOR_TEXTS, type DocumentEditor } from '@voirie/domain';
import { useState } from 'react';
import { showToast } from '../../../ui';
import { announceLetterFailure } from '../actions/document-failure';
import type { ActionTarget } from '../actions/use-request-action';
import { DocumentEditorDialog } from './document-editor-dialog';
import { openDocumentEditor } from './editor-api';

export interface DocumentEditorButtonProps {
  target: ActionTarget;
  /** The generated DOCX to edit (the latest version the page shows). */
  documentId: number;
  /** The button's text when the page shows several documents ('Modifier l'arrêté … dans le portail'). */
  label?: string;
}

/**
 * 'Modifier dans le portail' beside a generated order or letter (docs/screens.md « Request
 * detail »): asks the server which editor opens the document (GET document/{id}/editor), then
 * opens the portal's editor in a full-screen dialog — or, when the portal is pointed at an
 * ONLYOFFICE Document Server, its page in a new window ('Impossible d'ouvrir une nouvelle
 * fenêtre.' when the browser blocks it). A refusal reads 'Erreur lors de l'ouverture du courrier : …'.
 */
export function DocumentEditorButton({ target, documentId, label }: DocumentEditorButtonProps) {
  const [editor, setEditor] = useState<DocumentEditor | null>(null);
  const open = useMutation({
    mutationFn: () => openDocumentEditor(documentId),
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
  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="dialog"
        disabled={open.isPending}
        onClick={() => open.mutate()}
      >
        {label ?? DOCUMENT_EDITOR_TEXTS.open}
      </Button>
      {editor && <DocumentEditorDialog target={target} editor={editor} onClose={() => setEditor(null)} />}
    </>
  );
}
