import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDateFr, noLetterMessage, type LetterDocuments, type LetterKind } from '@voirie/domain';
import { useId, useState, type ReactNode } from 'react';
import { announceLetterFailure } from '../actions/document-failure';
import { FileActionDialog } from '../actions/file-action-dialog';
import type { ActionTarget } from '../actions/use-request-action';
import { documentFileUrl } from '../api/instruction-api';
import { isDocxOrPdfFile } from '../model/instruction-actions';
import { DocumentEditorButton } from '../editor/document-editor-button';
import { replaceLetter } from './instructor-api';
import { hasLetterFile, LETTER_KIND_TEXTS, LETTER_TEXTS, letterTitle } from './letters-model';

const LETTER_ACCEPT =
  '.docx,.pdf,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface LetterRoundTripProps {
  target: ActionTarget;
  kind: LetterKind;
  letter: LetterDocuments | null;
  /** The viewer may edit it (its workflow action is offered): 'Modifier' uploads the edited file. */
  canEdit: boolean;
  headingLevel?: 'h3' | 'h4';
  /** More buttons after the letter's own (the formal notice's 'Envoyer à la GED'). */
  children?: ReactNode;
}

/**
 * One letter, as the order's round trip (order-block.tsx): its DOCX and PDF downloads, then
 * 'Modifier dans le portail' to edit its DOCX in the portal's editor (editor/), and 'Modifier …'
 * to upload the edited DOCX or PDF (PUT request/{id}/letters/{kind}). Asked for
 * while none exists, it says so (docs/screens.md "Notices and errors": 'Aucun arrêté…', 'Aucun PV…').
 */
export function LetterRoundTrip({
  target,
  kind,
  letter,
  canEdit,
  headingLevel = 'h3',
  children,
}: LetterRoundTripProps) {
  const headingId = useId();
  const texts = LETTER_KIND_TEXTS[kind];
  const exists = hasLetterFile(letter);
  const [missing, setMissing] = useState(false);
  const [editing, setEditing] = useState(false);
  const askWithoutLetter = () => setMissing(true);
  const download = (format: 'DOCX' | 'PDF') => {
    const document = format === 'DOCX' ? letter?.docx : letter?.pdf;
    if (document)
      return (
        <Button key={format} variant="outlined" href={documentFileUrl(document.id)} download={document.name}>
          {texts.download(format)}
        </Button>
      );
    // A letter with one format only offers that one; none at all answers that none exists.
    if (exists || !canEdit) return null;
    return (
      <Button key={format} variant="outlined" onClick={askWithoutLetter}>
        {texts.download(format)}
      </Button>
    );
  };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="subtitle1" component={headingLevel}>
        {letterTitle(kind)}
      </Typography>
      {exists && (
        <Typography variant="body2">
          {letter.sentAt ? LETTER_TEXTS.sentOn(formatDateFr(letter.sentAt)) : LETTER_TEXTS.draft}
        </Typography>
      )}
      {missing && !exists && (
        <Alert severity="warning" onClose={() => setMissing(false)} closeText={LETTER_TEXTS.close}>
          {noLetterMessage(kind)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {download('DOCX')}
        {download('PDF')}
        {canEdit && letter?.docx && <DocumentEditorButton target={target} documentId={letter.docx.id} />}
        {canEdit && (
          <Button variant="outlined" onClick={exists ? () => setEditing(true) : askWithoutLetter}>
            {texts.edit}
          </Button>
        )}
        {children}
      </Box>
      {canEdit && (
        <FileActionDialog
          target={target}
          open={editing}
          onClose={() => setEditing(false)}
          title={texts.edit}
          label={texts.editFile}
          accept={LETTER_ACCEPT}
          check={(file) => (isDocxOrPdfFile(file) ? null : LETTER_TEXTS.docxOrPdfOnly)}
          requiredMessage={LETTER_TEXTS.fileRequired}
          send={(file) => replaceLetter(target.request.id, kind, file)}
          onFailure={announceLetterFailure}
        />
      )}
    </Box>
  );
}
