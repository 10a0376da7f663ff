import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { toWorkflowRequest, type RequestDetail } from '@voirie/domain';
import { useId, useState } from 'react';
import { TrafficOrderDialog } from '../traffic-order';
import { DECISION_LABELS } from './decision-labels';

interface Props {
  request: RequestDetail;
  /** After the cerfa 14024 was saved; without it, the form is not offered for completion. */
  onSaved?: ((request: RequestDetail, message: string) => void) | undefined;
}

/**
 * The decision dialog's « Arrêté de police de la circulation » part, when the request
 * holds a cerfa 14024: what becomes of it, its view (a new tab) and, when the server allows it
 * (`completeTrafficOrder` among the request's actions), « Compléter le cerfa 14024 ».
 */
export function TrafficOrderPart({ request, onSaved }: Props) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  if (!toWorkflowRequest(request).hasTrafficOrder) return null;
  const mayComplete = Boolean(onSaved) && request.actions.includes('completeTrafficOrder');
  const routeId = encodeURIComponent(request.publicId ?? String(request.id));
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" id={headingId}>
        {DECISION_LABELS.trafficOrderLegend}
      </Typography>
      <Typography variant="body2">{DECISION_LABELS.trafficOrderText}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {/* A plain link: the replica opens in a new tab, the dialog stays as it is. */}
        <Link href={`/cerfa/14024/${routeId}`} target="_blank" rel="noopener">
          {DECISION_LABELS.viewTrafficOrderForm}
        </Link>
        {mayComplete && (
          <Button variant="outlined" aria-haspopup="dialog" onClick={() => setEditing(true)}>
            {DECISION_LABELS.completeTrafficOrderForm}
          </Button>
        )}
      </Box>
      {mayComplete && (
        <TrafficOrderDialog
          request={request}
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={(updated, message) => {
            setEditing(false);
            onSaved?.(updated, message);
          }}
        />
      )}
    </Box>
  );
}
