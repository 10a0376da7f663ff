import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { announceLetterFailure } from '../actions/document-failure';
import { useRequestAction, type ActionTarget } from '../actions/use-request-action';
import { FileActionDialog } from '../actions/file-action-dialog';
import { isPdfFile } from '../model/instruction-actions';
import { archiveFormalNotice, recordSignedFormalNotice } from './instructor-api';
import { archivedDocumentId, LETTER_TEXTS, shownLetters } from './letters-model';
import { LetterRoundTrip } from './letters-round-trip';

/**
 * The formal notice as an act (docs/acts.md « Formal notice »): its number once signed, and
 * « Déposer la mise en demeure signée » when the server offers it.
 */
function SignedFormalNotice({ target }: { target: ActionTarget }) {
  const [open, setOpen] = useState(false);
  const { number, canRecordSigned } = target.request.formalNoticeAct;
  return (
    <>
      {number !== null && <Typography variant="body2">{LETTER_TEXTS.signedAct(number)}</Typography>}
      {canRecordSigned && (
        <>
          <Button variant="outlined" onClick={() => setOpen(true)}>
            {LETTER_TEXTS.recordSigned}
          </Button>
          <FileActionDialog
            target={target}
            open={open}
            onClose={() => setOpen(false)}
            title={LETTER_TEXTS.recordSigned}
            label={LETTER_TEXTS.signedFile}
            accept=".pdf,application/pdf"
            check={(file) => (isPdfFile(file) ? null : LETTER_TEXTS.pdfOnly)}
            requiredMessage={LETTER_TEXTS.fileRequired}
            send={(file) => recordSignedFormalNotice(target.request.id, file)}
            onFailure={announceLetterFailure}
          />
        </>
      )}
    </>
  );
}

/**
 * The works-phase letters of the request page (docs/api-works.md): the formal notice, the
 * reception minutes and the road-disturbance minutes — drafts for instructors and admins, what
 * was mailed for the others — with their downloads and edited uploads, and 'Envoyer à la GED'
 * and the signed formal notice's upload when the server offers them.
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
          {view.kind === 'formalNotice' && <SignedFormalNotice target={target} />}
        </LetterRoundTrip>
      ))}
    </Box>
  );
}
