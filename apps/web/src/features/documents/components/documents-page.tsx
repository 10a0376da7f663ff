import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { canUser, LIBRARY_CATEGORIES, LIBRARY_MESSAGES, type LibraryDocument } from '@voirie/domain';
import { useState } from 'react';
import { usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { libraryQueryOptions } from '../api/library-api';
import { DOCUMENTS_TEXTS as T } from '../model/library-texts';
import { AddDocumentDialog } from './add-document-dialog';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { LibraryCategorySection } from './library-category-section';

/**
 * /documents (docs/screens.md "Documents and statistics pages"): the reference documents for applicants, by
 * category, each downloadable by every signed-in user; administrators add ('Ajout d'un
 * document') and delete (the domain's manageLibrary, enforced by the API too).
 */
export function DocumentsPage() {
  usePageTitle(LIBRARY_MESSAGES.title);
  const { data: user } = useQuery(connectedUserQueryOptions());
  const canManage = canUser(user, 'manageLibrary');
  const { data: documents } = useQuery(libraryQueryOptions());
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<LibraryDocument | null>(null);

  return (
    <>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="h4" component="h1">
          {LIBRARY_MESSAGES.title}
        </Typography>
        {canManage && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
            {T.add}
          </Button>
        )}
      </Stack>
      <Typography sx={{ my: 2 }}>{T.intro}</Typography>
      {documents && documents.length === 0 && <Alert severity="info">{LIBRARY_MESSAGES.empty}</Alert>}
      {LIBRARY_CATEGORIES.map((category) => {
        const items = (documents ?? []).filter((document) => document.category === category.id);
        return items.length === 0 ? null : (
          <LibraryCategorySection
            key={category.id}
            label={category.label}
            documents={items}
            onDelete={canManage ? setDeleting : undefined}
          />
        );
      })}
      {canManage && <AddDocumentDialog open={adding} onClose={() => setAdding(false)} />}
      {canManage && <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
