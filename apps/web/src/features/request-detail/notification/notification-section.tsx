import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { formatDateFr, parisDateTime, type ActNotification } from '@voirie/domain';
import { useId, useState } from 'react';
import { RequestSummaryList } from '../components/request-summary-list';
import { actPdfUrl, notificationsQueryOptions } from './notification-api';
import { NOTIFICATION_SECTION_TEXTS as T } from './notification-texts';
import { PostalNotificationDialog } from './postal-notification-dialog';

function entriesOf(act: ActNotification) {
  return [
    { label: T.signedAt, value: parisDateTime(act.signedAt) },
    { label: T.status, value: act.statusText },
    ...(act.mailStatusText ? [{ label: T.mail, value: act.mailStatusText }] : []),
    ...(act.openedBy ? [{ label: T.openedBy, value: act.openedBy }] : []),
    ...(act.letterNumber ? [{ label: T.letter, value: act.letterNumber }] : []),
    {
      label: T.appeal,
      value: act.appealUntil ? T.appealUntil(formatDateFr(act.appealUntil)) : T.appealNotStarted,
    },
  ];
}

/** One notified act: where its notification stands, the alert, the postal notification's button. */
function NotifiedActBlock({
  act,
  requestId,
  stateId,
}: {
  act: ActNotification;
  requestId: number;
  stateId: number | null;
}) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const title = T.act(act.number, act.natureLabel);
  return (
    <Box component="article" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {act.documentId === null ? title : <Link href={actPdfUrl(act.documentId)}>{title}</Link>}
      </Typography>
      {act.alert && <Alert severity="warning">{act.statusText}</Alert>}
      <RequestSummaryList entries={entriesOf(act)} label={title} />
      {act.abilities.recordPostal && (
        <>
          <Box>
            <Button
              variant="outlined"
              onClick={() => setOpen(true)}
              aria-label={T.recordPostalLabel(act.number)}
            >
              {T.recordPostal}
            </Button>
          </Box>
          <PostalNotificationDialog
            open={open}
            onClose={() => setOpen(false)}
            requestId={requestId}
            stateId={stateId}
            number={act.number}
          />
        </>
      )}
    </Box>
  );
}

/**
 * « Notification des décisions » (docs/acts.md « Notification »): for each signed individual act,
 * its proven notification (opening on the portal, or registered letter) and the appeal delay it
 * starts; for instructors the mail's delivery, who opened it, the alert when the mail bounced or
 * nobody opened it, and the postal notification. Nothing shown for a request without one.
 */
export function NotificationSection({ requestId, stateId }: { requestId: number; stateId: number | null }) {
  const headingId = useId();
  const { data, isError } = useQuery(notificationsQueryOptions(requestId, stateId));
  if (isError) return <Alert severity="error">{T.loadError}</Alert>;
  if (!data || data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {T.heading}
      </Typography>
      {data.map((act) => (
        <NotifiedActBlock key={act.number} act={act} requestId={requestId} stateId={stateId} />
      ))}
    </Box>
  );
}
