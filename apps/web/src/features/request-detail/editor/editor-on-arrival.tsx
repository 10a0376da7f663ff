import { useEffect, useRef } from 'react';
import type { ActionTarget } from '../actions/use-request-action';
import { useDocumentEditor } from './use-document-editor';

/**
 * The request page reached through the spec's editor page (`GET onlyoffice/{documentId}`, which
 * sends its window to `/dossiers/{id}?edition={documentId}`): the document's editor opens once,
 * as its button would open it, and the address loses its `edition` (a reload does not reopen it).
 */
export function EditorOnArrival(props: { target: ActionTarget; documentId: number; onOpened: () => void }) {
  const editor = useDocumentEditor(props.target);
  const asked = useRef(false);
  const { open } = editor;
  const { documentId, onOpened } = props;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    open(documentId);
    onOpened();
  }, [open, documentId, onOpened]);
  return editor.dialog;
}
