import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { announceLetterFailure } from '../actions/document-failure';
import { useRequestAction, type ActionTarget } from '../actions/use-request-action';
import { archiveFormalNotice } from './instructor-api';
import { archivedDocumentId, LETTER_TEXTS, shownLetters } from './letters-model';
import { LetterRoundTrip } from './letters-round-trip';

/**
 * The works-phase letters of the request page (docs/api-works.md): the formal notice, the
 * reception minutes and the road-disturbance minutes — drafts for instructors and admins, what
 * was mailed for the others — with their downloads and edited uploads, and 'Envoyer à la GED'
 * for the formal notice when the server offers it.
 */
export function LettersBlock({ target }: { target: ActionTarget }) {
  const headingId = useId();
  const { request } = target;
  const views = shownLetters(request);
  const documentId = archivedDocumentId(request.letters?.formalNotice);
  const archive = useRequestAction(target, (id: number) => archiveFormalNotice(id), {
    onError: announceLetterFailure,
  });
  const canArchive = (request.actions ?? []).includes('archiveFormalNotice') && documentId !== null;
  if (views.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {LETTER_TEXTS.heading}
      </Typography>
      {views.map((view) => (
        <LetterRoundTrip key={view.kind} target={target} {...view}>
          {view.kind === 'formalNotice' && canArchive && (
            <Button
              variant="outlined"
              disabled={archive.isPending}
              onClick={() => {
                archive.reset();
                archive.mutate(documentId);
              }}
            >
              {LETTER_TEXTS.archive}
            </Button>
          )}
        </LetterRoundTrip>
      ))}
    </Box>
  );
}
