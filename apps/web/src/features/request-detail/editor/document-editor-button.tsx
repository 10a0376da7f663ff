import Button from '@mui/material/Button';
import { DOCUMENT_EDITOR_TEXTS } from '@voirie/domain';
import type { ActionTarget } from '../actions/use-request-action';
import { useDocumentEditor } from './use-document-editor';

export interface DocumentEditorButtonProps {
  target: ActionTarget;
  /** The generated DOCX to edit (the latest version the page shows). */
  documentId: number;
  /** The button's text when the page shows several documents ('Modifier l'arrêté … dans le portail'). */
  label?: string;
}

/** 'Modifier dans le portail' beside a generated order or letter: its editor (useDocumentEditor). */
export function DocumentEditorButton({ target, documentId, label }: DocumentEditorButtonProps) {
  const editor = useDocumentEditor(target);
  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="dialog"
        disabled={editor.pending}
        onClick={() => editor.open(documentId)}
      >
        {label ?? DOCUMENT_EDITOR_TEXTS.open}
      </Button>
      {editor.dialog}
    </>
  );
}
