import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import { formatDateFr, isFiled, isInSignature } from '@voirie/domain';
import type { RequestDetail } from '../api/instruction-api';
import { ACTION_TEXTS } from '../model/instruction-actions';

/**
 * 'En signature' while the order awaits its signature, and the signatory's last refusal (the
 * API sends it to instructors and admins only) once the request is back in instruction.
 */
export function SignatureStatus({ request }: { request: RequestDetail }) {
  // The domain's reading: the order is in signature in state 3 only (an accepted reception also
  // sets the flag, for its minutes, which the page does not show as the order's signature).
  const inSignature = isInSignature(request);
  const refused =
    !inSignature && isFiled(request.stateId) && (request.signatureRefusal || request.signatureRefusedAt);
  if (!inSignature && !refused) return null;
  return (
    <>
      {inSignature && (
        <div>
          <Chip color="info" label={ACTION_TEXTS.inSignature} />
        </div>
      )}
      {refused && (
        <Alert severity="warning">
          <AlertTitle>{ACTION_TEXTS.signatureRefusedHeading}</AlertTitle>
          {request.signatureRefusedAt && (
            <div>{ACTION_TEXTS.signatureRefusedOn(formatDateFr(request.signatureRefusedAt))}</div>
          )}
          {request.signatureRefusal && <div>{request.signatureRefusal}</div>}
        </Alert>
      )}
    </>
  );
}
