import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DOCUMENT_EDITOR_TEXTS, isGeneratingOrder, type ActKind, type Document } from '@voirie/domain';
import { useId, useState } from 'react';
import { documentFileUrl, replaceOrder } from '../api/instruction-api';
import { ACTION_TEXTS, actName, hasOrder, isDocxOrPdfFile, orderActs } from '../model/instruction-actions';
import { DocumentEditorButton } from '../editor/document-editor-button';
import { announceLetterFailure } from './document-failure';
import { FileActionDialog } from './file-action-dialog';
import type { ActionTarget } from './use-request-action';

const ORDER_ACCEPT =
  '.docx,.pdf,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What an act's buttons say: the single order's words, or the act's own. */
interface ActTexts {
  downloadDocx: string;
  downloadPdf: string;
  edit: string;
  editFile: string;
  /** The portal editor's button; none: its default words. */
  editInPortal?: string;
}

const SINGLE: ActTexts = {
  downloadDocx: ACTION_TEXTS.downloadDocx,
  downloadPdf: ACTION_TEXTS.downloadPdf,
  edit: ACTION_TEXTS.editOrder,
  editFile: ACTION_TEXTS.editOrderFile,
};

function textsOf(act: { act: ActKind; title: string }): ActTexts {
  const name = actName(act);
  return {
    downloadDocx: ACTION_TEXTS.downloadActDocx(name),
    downloadPdf: ACTION_TEXTS.downloadActPdf(name),
    edit: ACTION_TEXTS.editAct(name),
    editFile: ACTION_TEXTS.editActFile(act.title),
    editInPortal: DOCUMENT_EDITOR_TEXTS.openNamed(name),
  };
}

/**
 * One act's order: its DOCX and PDF downloads, the upload of an edited version, and its DOCX in
 * the portal's editor while the decision may still change (a signed order, or one in signature,
 * is never edited: docs/api-instruction.md "Editing in the portal").
 */
function ActOrder(props: {
  target: ActionTarget;
  docx: Document | null;
  pdf: Document | null;
  texts: ActTexts;
  /** The act whose order an edit replaces; none: the request's own. */
  act?: ActKind;
}) {
  const { target, docx, pdf, texts } = props;
  const [editing, setEditing] = useState(false);
  if (!docx && !pdf) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {docx && (
        <Button variant="outlined" href={documentFileUrl(docx.id)} download={docx.name}>
          {texts.downloadDocx}
        </Button>
      )}
      {pdf && (
        <Button variant="outlined" href={documentFileUrl(pdf.id)} download={pdf.name}>
          {texts.downloadPdf}
        </Button>
      )}
      {docx && (target.request.actions ?? []).includes('saveDecision') && (
        <DocumentEditorButton target={target} documentId={docx.id} label={texts.editInPortal} />
      )}
      <Button variant="outlined" aria-haspopup="dialog" onClick={() => setEditing(true)}>
        {texts.edit}
      </Button>
      <FileActionDialog
        target={target}
        open={editing}
        onClose={() => setEditing(false)}
        title={texts.edit}
        label={texts.editFile}
        accept={ORDER_ACCEPT}
        check={(file) => (isDocxOrPdfFile(file) ? null : ACTION_TEXTS.docxOrPdfOnly)}
        requiredMessage={ACTION_TEXTS.fileRequired}
        send={(file) => replaceOrder(target.request.id, file, props.act)}
        onFailure={announceLetterFailure}
      />
    </Box>
  );
}

/**
 * The orders (arrêtés) of the request, for instructors and admins (docs/api-instruction.md):
 * while they are generated, a notice; once there are some, the downloads of each act's DOCX and
 * PDF and the upload of an edited version — no button for a file that does not exist. A request
 * of several acts (permission, alignment, traffic order: docs/api-instruction.md "Acts") shows one
 * group per act, under the act's title.
 */
export function OrderBlock({ target }: { target: ActionTarget }) {
  const headingId = useId();
  const { request } = target;
  const acts = orderActs(request);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h6" component="h2" id={headingId}>
        {ACTION_TEXTS.orderHeading}
      </Typography>
      {isGeneratingOrder(request.stateId) && (
        <Alert severity="info" role="status">
          {ACTION_TEXTS.generating}
        </Alert>
      )}
      {hasOrder(request) && acts.length <= 1 && (
        <ActOrder
          target={target}
          docx={request.order?.docx ?? null}
          pdf={request.order?.pdf ?? null}
          texts={SINGLE}
        />
      )}
      {acts.length > 1 &&
        acts.map((act) => (
          <Box key={act.act} sx={{ display: 'grid', gap: 0.5 }}>
            <Typography variant="subtitle2" component="h3">
              {act.title}
            </Typography>
            <ActOrder target={target} docx={act.docx} pdf={act.pdf} texts={textsOf(act)} act={act.act} />
          </Box>
        ))}
    </Box>
  );
}
