import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { documentFileUrl, replaceOrder } from '../api/instruction-api';
import { ACTION_TEXTS, hasOrder, isDocxOrPdfFile, isGeneratingOrder } from '../model/instruction-actions';
import { announceLetterFailure } from './document-failure';
import { FileActionDialog } from './file-action-dialog';
import type { ActionTarget } from './use-request-action';

const ORDER_ACCEPT =
  '.docx,.pdf,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The order (arrêté) of the request, for instructors and admins (docs/api-instruction.md):
 * while it is generated, a notice; once there is one, the downloads of its DOCX and PDF and
 * 'Modifier l'arrêté' to upload an edited version — no button for a file that does not exist
 * (issue 16 point 8).
 */
export function OrderBlock({ target }: { target: ActionTarget }) {
  const headingId = useId();
  const { request } = target;
  const order = request.order ?? null;
  const [editing, setEditing] = useState(false);
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
      {hasOrder(request) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {order?.docx && (
            <Button variant="outlined" href={documentFileUrl(order.docx.id)} download={order.docx.name}>
              {ACTION_TEXTS.downloadDocx}
            </Button>
          )}
          {order?.pdf && (
            <Button variant="outlined" href={documentFileUrl(order.pdf.id)} download={order.pdf.name}>
              {ACTION_TEXTS.downloadPdf}
            </Button>
          )}
          <Button variant="outlined" aria-haspopup="dialog" onClick={() => setEditing(true)}>
            {ACTION_TEXTS.editOrder}
          </Button>
        </Box>
      )}
      <FileActionDialog
        target={target}
        open={editing}
        onClose={() => setEditing(false)}
        title={ACTION_TEXTS.editOrderTitle}
        label={ACTION_TEXTS.editOrderFile}
        accept={ORDER_ACCEPT}
        check={(file) => (isDocxOrPdfFile(file) ? null : ACTION_TEXTS.docxOrPdfOnly)}
        requiredMessage={ACTION_TEXTS.fileRequired}
        send={(file) => replaceOrder(request.id, file)}
        onFailure={announceLetterFailure}
      />
    </Box>
  );
}
