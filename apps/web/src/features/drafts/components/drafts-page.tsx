import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type DraftSummary, parisDateTime, REQUEST_KIND_LABELS, WIZARD_STEPS } from '@voirie/domain';
import { useState } from 'react';
import { RouterButton, usePageTitle } from '../../../ui';
import { draftsQueryOptions } from '../api/drafts-api';
import { DRAFTS_TEXTS as T, draftTitle } from '../model/drafts-texts';
import { DeleteDraftDialog } from './delete-draft-dialog';

const stepLabel = (step: number) => WIZARD_STEPS.find((entry) => entry.step === step)?.label ?? '';

/**
 * /brouillons: the account's drafts of the filing wizard — kind, address or
 * project, step and last save — each resumed where it was left ('Reprendre') or deleted after a
 * confirmation ('Supprimer').
 */
export function DraftsPage() {
  usePageTitle(T.title);
  const { data: drafts } = useQuery(draftsQueryOptions());
  const [deleting, setDeleting] = useState<DraftSummary | null>(null);

  return (
    <>
      <Typography variant="h4" component="h1">
        {T.title}
      </Typography>
      <Typography sx={{ my: 2 }}>{T.intro}</Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {T.filesNote}
      </Alert>
      {drafts && drafts.length === 0 && <Typography>{T.empty}</Typography>}
      {drafts && drafts.length > 0 && (
        <TableContainer>
          <Table aria-label={T.tableLabel} size="small">
            <TableHead>
              <TableRow>
                <TableCell>{T.kind}</TableCell>
                <TableCell>{T.label}</TableCell>
                <TableCell>{T.step}</TableCell>
                <TableCell>{T.savedAt}</TableCell>
                <TableCell>{T.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {drafts.map((draft) => (
                <TableRow key={draft.id}>
                  <TableCell>{REQUEST_KIND_LABELS[draft.kind]}</TableCell>
                  <TableCell>{draftTitle(draft)}</TableCell>
                  <TableCell>{`${String(draft.step)}. ${stepLabel(draft.step)}`}</TableCell>
                  <TableCell>{parisDateTime(draft.updatedAt)}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                      <RouterButton
                        variant="contained"
                        size="small"
                        to="/ajoutdossier/$choixForm"
                        params={{ choixForm: String(draft.kind) }}
                        search={{ brouillon: draft.id }}
                        aria-label={`${T.resume} : ${draftTitle(draft)}`}
                      >
                        {T.resume}
                      </RouterButton>
                      <Button
                        color="error"
                        size="small"
                        onClick={() => setDeleting(draft)}
                        aria-label={`${T.delete} : ${draftTitle(draft)}`}
                      >
                        {T.delete}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <DeleteDraftDialog draft={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
