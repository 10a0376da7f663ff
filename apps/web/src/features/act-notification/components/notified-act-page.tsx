import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { formatDateFr, parisDateTime, signatoryLine, type NotifiedAct } from '@voirie/domain';
import { API_BASE, http } from '../../../api';
import { RouterLink, usePageTitle } from '../../../ui';
import { NOTIFIED_ACT_TEXTS as T } from './notified-act-texts';

const route = getRouteApi('/app/notification/$number');

/** POST acts/{number}/opening: the act, its first opening by its addressee being the acknowledgement. */
function openingQueryOptions(number: string) {
  return {
    queryKey: ['acts', 'opening', number],
    queryFn: async () =>
      (await http.post<NotifiedAct>(`acts/${encodeURIComponent(number)}/opening`, {}, { silent: true })).data,
    // Opened once per visit: the answer does not change by reading it again.
    staleTime: Infinity,
    retry: false,
  };
}

function NotificationLine({ act }: { act: NotifiedAct }) {
  if (act.notifiedAt === null) return <Typography>{T.notNotified}</Typography>;
  const date = parisDateTime(act.notifiedAt);
  return act.acknowledgedNow ? (
    <Alert severity="success">{T.acknowledged(date)}</Alert>
  ) : (
    <Typography>{T.notifiedOn(date)}</Typography>
  );
}

/**
 * The personal page of a notified act (docs/acts.md « Notification »), reached from the decision
 * mail: the act, its PDF, and the appeal; opened by its addressee, the server records the first
 * opening as the notification's acknowledgement.
 */
export function NotifiedActPage() {
  const { number } = route.useParams();
  const { data: act, isPending, isError } = useQuery(openingQueryOptions(number));
  usePageTitle(act ? T.title(act.natureLabel, act.number) : number);
  if (isPending) return <CircularProgress aria-label={T.loading} />;
  if (isError) return <Alert severity="error">{T.loadError}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 800 }}>
      <Typography variant="h5" component="h1">
        {T.title(act.natureLabel, act.number)}
      </Typography>
      <Typography>{act.subject}</Typography>
      <Typography>{T.signedAt(parisDateTime(act.signedAt))}</Typography>
      {act.signatoryName !== null && <Typography>{T.signatory(signatoryLine(act))}</Typography>}
      <NotificationLine act={act} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {act.documentId !== null && (
          <Button variant="contained" href={`${API_BASE}/document/${String(act.documentId)}/file`}>
            {T.openPdf}
          </Button>
        )}
        <RouterLink to="/dossiers/$id" params={{ id: act.requestPublicId }}>
          {T.request}
        </RouterLink>
      </Box>
      <Box component="section" aria-labelledby="appeal-heading" sx={{ display: 'grid', gap: 1 }}>
        <Typography id="appeal-heading" variant="h6" component="h2">
          {T.appealHeading}
        </Typography>
        {act.appealUntil && (
          <Typography sx={{ fontWeight: 600 }}>{T.appealUntil(formatDateFr(act.appealUntil))}</Typography>
        )}
        <Typography>{act.appealNotice}</Typography>
      </Box>
    </Box>
  );
}
