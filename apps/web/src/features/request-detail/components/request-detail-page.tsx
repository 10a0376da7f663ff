import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { RouterButton, RouterLink, usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { requestQueryOptions } from '../../filing-wizard/api/filing-api';
import { canComplete, DETAIL_TEXTS, requestSummary } from '../model/request-summary';

const detailRoute = getRouteApi('/app/dossiers/$id');

/**
 * The request's page (/dossiers/{id}, id or publicId): its number, kind, state, deposit date and
 * address, and 'Compléter la demande' for its owner in state 8. The full detail comes later.
 */
export function RequestDetailPage() {
  const { id } = detailRoute.useParams();
  const { data: request, isError } = useQuery(requestQueryOptions(id));
  const { data: user } = useQuery(connectedUserQueryOptions());
  const heading = DETAIL_TEXTS.heading(request?.id ?? id);
  usePageTitle(heading);
  if (isError) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h4" component="h1">
          {heading}
        </Typography>
        <Typography>{DETAIL_TEXTS.notFound}</Typography>
        <RouterLink to="/dossiers">{DETAIL_TEXTS.backToList}</RouterLink>
      </Box>
    );
  }
  const summary = request ? requestSummary(request) : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {heading}
      </Typography>
      {request && summary && (
        <>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
            {(
              [
                [DETAIL_TEXTS.kind, summary.kind],
                [DETAIL_TEXTS.state, summary.state],
                [DETAIL_TEXTS.depositDate, summary.depositDate],
                [DETAIL_TEXTS.address, summary.address],
              ] as const
            ).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value || '—'}
                </Typography>
              </Box>
            ))}
          </Box>
          {canComplete(request, user?.id) && (
            <div>
              <RouterButton
                variant="contained"
                to="/updatedossier/$id"
                params={{ id: request.publicId ?? String(request.id) }}
              >
                {DETAIL_TEXTS.complete}
              </RouterButton>
            </div>
          )}
        </>
      )}
    </Box>
  );
}
