import type { DocxEditorRef } from '@eigenpal/docx-editor-react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_EDITOR_TEXTS, type DocumentEditor } from '@voirie/domain';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { failureText } from '../../../api';
import { announceLetterFailure } from '../actions/document-failure';
import { useRequestAction, type ActionTarget } from '../actions/use-request-action';
import { loadDocx, saveEditedDocument } from './editor-api';

// Loaded the first time a document is opened (ADR 0016): the rest of the portal's bundle does
// not carry the editor.
const DocxEditorPane = lazy(() => import('./docx-editor-pane'));

export interface DocumentEditorDialogProps {
  target: ActionTarget;
  editor: DocumentEditor;
  onClose: () => void;
}

function Loading() {
  return (
    <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center', p: 4 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{DOCUMENT_EDITOR_TEXTS.loading}</Typography>
    </Box>
  );
}

/**
 * The order or letter in the portal's editor, full screen (docs/screens.md « Request detail »):
 * 'Enregistrer' saves the edited DOCX as the document's new version (PUT document/{id}/edited)
 * and closes; the request page then shows the new version. 'Fermer' after an edit asks first
 * ('Fermer sans enregistrer' or 'Continuer la modification'). The DOCX that cannot be loaded is
 * announced as the spec's failure to open a letter ('Erreur lors de l'ouverture du courrier : …').
 */
export function DocumentEditorDialog({ target, editor, onClose }: DocumentEditorDialogProps) {
  const titleId = useId();
  const editorRef = useRef<DocxEditorRef | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [edited, setEdited] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const docx = useQuery({
    queryKey: ['document-editor', editor.documentId],
    queryFn: () => loadDocx(editor.fileUrl),
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (docx.isError) {
      announceLetterFailure(docx.error);
      onClose();
    }
  }, [docx.isError, docx.error, onClose]);
  const save = useRequestAction(
    target,
    async () => {
      const buffer = await editorRef.current?.save();
      if (!buffer) throw new Error(DOCUMENT_EDITOR_TEXTS.loading);
      return saveEditedDocument(editor, buffer);
    },
    {
      onSuccess: onClose,
      onError: (error) => setFailure(DOCUMENT_EDITOR_TEXTS.saveFailed(failureText(error))),
    },
  );
  return (
    // No onClose: Escape and the backdrop leave it open (the editor uses Escape; a stray key loses no edit).
    <Dialog open fullScreen aria-labelledby={titleId}>
      <Toolbar sx={{ gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {DOCUMENT_EDITOR_TEXTS.dialogTitle(editor.title)}
        </Typography>
        <Button
          variant="outlined"
          onClick={edited ? () => setConfirming(true) : onClose}
          disabled={save.isPending}
        >
          {DOCUMENT_EDITOR_TEXTS.close}
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            setFailure(null);
            save.mutate();
          }}
          disabled={!docx.data || save.isPending}
        >
          {save.isPending ? DOCUMENT_EDITOR_TEXTS.saving : DOCUMENT_EDITOR_TEXTS.save}
        </Button>
      </Toolbar>
      {confirming && (
        <Alert
          severity="warning"
          action={
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button color="inherit" onClick={onClose}>
                {DOCUMENT_EDITOR_TEXTS.closeWithoutSaving}
              </Button>
              <Button color="inherit" onClick={() => setConfirming(false)}>
                {DOCUMENT_EDITOR_TEXTS.keepEditing}
              </Button>
            </Box>
          }
        >
          {DOCUMENT_EDITOR_TEXTS.unsavedConfirm}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} closeText={DOCUMENT_EDITOR_TEXTS.close}>
          {failure}
        </Alert>
      )}
      <Box sx={{ flex: 1, minHeight: 0 }}>
        {docx.data ? (
          <Suspense fallback={<Loading />}>
            <DocxEditorPane
              docx={docx.data}
              name={editor.name}
              editorRef={editorRef}
              onError={(error) => setFailure(DOCUMENT_EDITOR_TEXTS.openFailed(error.message))}
              onEdit={() => setEdited(true)}
            />
          </Suspense>
        ) : (
          <Loading />
        )}
      </Box>
    </Dialog>
  );
}
