import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { RouterButton, RouterLink, usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { RequestTimeline } from '../../history';
import { requestQueryOptions } from '../../filing-wizard/api/filing-api';
import { listedDocuments } from '../model/detail-documents';
import {
  canComplete,
  DETAIL_TEXTS,
  detailHeading,
  linkedRequest,
  requestSummary,
} from '../model/request-summary';
import { RequestDocuments } from './request-documents';
import { RequestMap } from './request-map';
import { RequestSummaryList } from './request-summary-list';

const detailRoute = getRouteApi('/app/dossiers/$id');

/**
 * The request's page (/dossiers/{id}, id or publicId, spec 2 §2.2): map, summary, documents, and
 * 'Compléter la demande' for its owner in state 8. Actions and dialogs come later.
 */
export function RequestDetailPage() {
  const { id } = detailRoute.useParams();
  const { data: request, isError } = useQuery(requestQueryOptions(id));
  const { data: user } = useQuery(connectedUserQueryOptions());
  const heading = detailHeading(request, id);
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
  const linked = request ? linkedRequest(request) : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {heading}
      </Typography>
      {request && (
        <>
          <RequestMap shapes={request.theGeom} />
          <RequestSummaryList entries={requestSummary(request)} />
          {linked && (
            <div>
              {/* A plain link: the linked request opens in a new tab, as the spec asks. */}
              <Link href={`/dossiers/${linked.id}`} target="_blank" rel="noopener">
                {linked.label}
              </Link>
            </div>
          )}
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
          <RequestDocuments
            entries={listedDocuments({
              documents: request.documents,
              stateId: request.stateId,
              viewer: user,
            })}
          />
          <RequestTimeline entity="request" id={String(request.id)} />
        </>
      )}
    </Box>
  );
}
