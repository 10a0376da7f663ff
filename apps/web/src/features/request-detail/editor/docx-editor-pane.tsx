import { DocxEditor, type DocxEditorRef } from '@eigenpal/docx-editor-react';
import '@eigenpal/docx-editor-react/styles.css';
import fr from '@eigenpal/docx-editor-i18n/fr';
import { useRef, type RefObject } from 'react';
import { useMendedEditorChrome } from './editor-chrome-a11y';

// The editor itself (ADR 0016: @eigenpal/docx-editor-react, Apache-2.0), in a module of its own
// that the dialog imports lazily: its code (ProseMirror, the OOXML parser and serializer, about
// 1 MB) is fetched the first time a document is opened, never with the rest of the portal.

export interface DocxEditorPaneProps {
  docx: ArrayBuffer;
  /** The document's name, shown in the editor's title bar. */
  name: string;
  /** Where the dialog reaches the editor to save (DocxEditorRef.save). */
  editorRef: RefObject<DocxEditorRef | null>;
  onError: (error: Error) => void;
  /** The document was changed by the user (not by its loading). */
  onEdit: () => void;
}

/** The editor without its own « Ouvrir » and help menu: which document is edited is the portal's choice. */
export default function DocxEditorPane({ docx, name, editorRef, onError, onEdit }: DocxEditorPaneProps) {
  const rootRef = useRef<HTMLDivElement | null>(null);
  // The editor reports a change while it lays the document out too: only changes after the user's
  // first key or pointer inside it count as edits.
  const touched = useRef(false);
  const touch = () => {
    touched.current = true;
  };
  useMendedEditorChrome(rootRef);
  return (
    <div ref={rootRef} style={{ height: '100%' }} onKeyDownCapture={touch} onPointerDownCapture={touch}>
      <DocxEditor
        ref={editorRef}
        documentBuffer={docx}
        documentName={name}
        documentNameEditable={false}
        mode="editing"
        i18n={fr}
        showFileOpen={false}
        showHelpMenu={false}
        onError={onError}
        onChange={() => {
          if (touched.current) onEdit();
        }}
        style={{ height: '100%' }}
      />
    </div>
  );
}
