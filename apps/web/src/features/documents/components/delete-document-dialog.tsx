import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIBRARY_MESSAGES, type LibraryDocument } from '@voirie/domain';
import { useEffect, useId } from 'react';
import { failureText } from '../../../api';
import { showToast } from '../../../ui';
import { deleteLibraryDocument, LIBRARY_KEY } from '../api/library-api';
import { DOCUMENTS_TEXTS as T } from '../model/library-texts';

/** The confirmation before `DELETE library/{id}` (administrators). */
export function DeleteDocumentDialog(props: { document: LibraryDocument | null; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
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
    <Dialog
      open={document !== null}
      onClose={props.onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{T.deleteTitle}</DialogTitle>
      <DialogContent>
        {mutation.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failureText(mutation.error)}
          </Alert>
        )}
        <DialogContentText id={textId}>
          {document ? `${document.title} — ${document.fileName}` : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{T.cancel}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={mutation.isPending}
          onClick={() => document && mutation.mutate(document)}
        >
          {T.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
