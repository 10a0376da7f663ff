import Box from '@mui/material/Box';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ActionTarget } from '../actions/use-request-action';
import { DOCUMENTS_TEXTS, type DocumentEntry } from '../model/detail-documents';
import { DELETE_DOCUMENT_TEXTS, DeleteDocumentDialog } from '../works';
import { DocumentLink } from './document-link';

export interface DocumentDeletion {
  target: ActionTarget;
  /** The documents this viewer may delete (each document's `canDelete`, from the server). */
  deletableIds: ReadonlySet<number>;
}

/**
 * The request's documents (docs/screens.md "Documents list"): name and type, downloaded from their
 * URL, when and by whom each was put; a document
 * the viewer may delete has a 'Supprimer' button, confirmed before DELETE document/{id}.
 */
export function RequestDocuments({
  entries,
  deletion,
}: {
  entries: readonly DocumentEntry[];
  deletion?: DocumentDeletion;
}) {
  const [deleting, setDeleting] = useState<DocumentEntry | null>(null);
  return (
    <Box component="section" aria-labelledby="request-documents-heading" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="request-documents-heading" variant="h5" component="h2">
        {DOCUMENTS_TEXTS.heading}
      </Typography>
      {entries.length === 0 ? (
        <Typography>{DOCUMENTS_TEXTS.empty}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <DocumentLink name={entry.name} url={entry.url} opensInNewWindow={entry.opensInNewWindow} />
              {entry.typeName && ` — ${entry.typeName}`}
              {deletion?.deletableIds.has(entry.id) && (
                // The visible 'Supprimer' starts the name, which also says which piece.
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteIcon aria-hidden />}
                  aria-label={DELETE_DOCUMENT_TEXTS.button(entry.name)}
                  aria-haspopup="dialog"
                  onClick={() => setDeleting(entry)}
                  sx={{ ml: 1 }}
                >
                  {DELETE_DOCUMENT_TEXTS.label}
                </Button>
              )}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {entry.added}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      {deletion && (
        <DeleteDocumentDialog
          target={deletion.target}
          document={deleting}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
