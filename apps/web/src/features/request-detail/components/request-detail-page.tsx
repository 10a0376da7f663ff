import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { canUser, hasRole, isGeneratingOrder, isPermissionKind } from '@voirie/domain';
import { useCallback, useMemo, useState } from 'react';
import { RouterLink, usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { CerfaPrintButtons } from '../../cerfa';
import { RequestTimeline } from '../../history';
import { requestQueryOptions } from '../../../shared/request-queries';
import { OrderBlock, RequestActions, SignatureStatus, type ActionTarget } from '../actions';
import {
  coordinationFeatures,
  coordinationPopup,
  coordinationQueryOptions,
  CoordinationLegend,
  CoordinationSection,
} from '../coordination';
import type { RequestDetail } from '../api/instruction-api';
import { listedDocuments } from '../model/detail-documents';
import { hasOrder, printableCerfaTypes } from '../model/instruction-actions';
import { worksDetails } from '../model/works-details';
import { DETAIL_TEXTS, detailHeading, linkedRequestLinks, requestSummary } from '../model/request-summary';
import { hasLegalClock } from '../model/legal-clock';
import { LegalClockSection } from './legal-clock-section';
import { NotificationSection } from '../notification';
import { CombinedAlignment, TrafficOrderSummary } from './combined-forms';
import { ExtensionNotice } from './extension-notice';
import { RequestApplicantBlocks } from './request-applicant-blocks';
import { RequestDocuments } from './request-documents';
import { RequestMap } from './request-map';
import { RequestPlace } from './request-place';
import { RequestSummaryList } from './request-summary-list';
import { WorksDetails } from './works-details';
import { RECEPTION_TEXTS, receptionSummary } from '../model/reception-summary';
import { CommentsViewer, deletableDocumentIds, ManagersBlock } from '../works';
import { EditorOnArrival } from '../editor/editor-on-arrival';
import { LettersBlock, ReceptionDocumentsList } from '../works/instructor-index';

const detailRoute = getRouteApi('/app/dossiers/$id');

const ORDER_POLL_MS = 3000;

/**
 * The request's page (/dossiers/{id}, id or publicId, docs/screens.md "Request detail"): map,
 * summary, the actions the server allows (`request.actions`) with their dialogs, the order,
 * documents and history.
 */
export function RequestDetailPage() {
  const { id } = detailRoute.useParams();
  // The document whose editor the spec's editor page asked for, kept once the address drops it.
  const [arrivalEdition] = useState(detailRoute.useSearch().edition);
  const navigate = detailRoute.useNavigate();
  const dropEdition = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  const requestQuery = requestQueryOptions(id);
  const { data, isError } = useQuery({
    ...requestQuery,
    // While the order is generated (state 999), read the request again until it is done.
    refetchInterval: (query) => (isGeneratingOrder(query.state.data?.stateId) ? ORDER_POLL_MS : false),
  });
  // GET request/{id} also carries the instruction fields (docs/api-instruction.md).
  const request: RequestDetail | undefined = data;
  const { data: user } = useQuery(connectedUserQueryOptions());
  // The coordination of works: a permission's conflicts, for road managers,
  // instructors and administrators (the server refuses the others).
  const showsCoordination =
    request !== undefined && isPermissionKind(request.type) && canUser(user, 'readCoordination');
  const coordination = useQuery(coordinationQueryOptions(request?.id ?? 0, showsCoordination));
  const coordinationMap = useMemo(() => {
    const report = coordination.data;
    return {
      features: coordinationFeatures(report),
      popup: (featureId: string | number) => coordinationPopup(report, featureId),
      legend: <CoordinationLegend />,
    };
  }, [coordination.data]);
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
  const links = request ? linkedRequestLinks(request) : [];
  const target: ActionTarget | null = request ? { request, queryKey: requestQuery.queryKey } : null;
  // The order is sent to instructors and admins only; shown once there is one, or while it is made
  // ('Générer l'arrêté' is among the actions, under 'Arrêté').
  const showsOrder =
    request !== undefined &&
    canUser(user, 'instructRequests') &&
    (hasOrder(request) || isGeneratingOrder(request.stateId));
  return (
    // One column no wider than the screen: a wide child (the map's credits) never widens the page.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h4" component="h1">
        {heading}
      </Typography>
      {request && target && (
        <>
          <RequestMap
            shapes={request.theGeom}
            photos={request.receptionDocuments}
            {...(showsCoordination && { extra: coordinationMap })}
          />
          <RequestSummaryList entries={requestSummary(request)} />
          {hasLegalClock(request) && <LegalClockSection request={request} />}
          <NotificationSection requestId={request.id} stateId={request.stateId ?? null} />
          <RequestApplicantBlocks request={request} />
          <RequestPlace request={request} />
          <WorksDetails groups={worksDetails(request)} />
          <CombinedAlignment request={request} />
          <TrafficOrderSummary request={request} />
          {showsCoordination && (
            <CoordinationSection
              requestId={request.id}
              report={coordination.data}
              isError={coordination.isError}
            />
          )}
          {request.reception && (
            <section aria-labelledby="reception-heading">
              <Typography id="reception-heading" variant="h6" component="h2" gutterBottom>
                {RECEPTION_TEXTS.heading}
              </Typography>
              <RequestSummaryList
                entries={receptionSummary(request.reception)}
                label={RECEPTION_TEXTS.heading}
              />
            </section>
          )}
          {links.length > 0 && (
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
              {links.map((link) => (
                <li key={link.id}>
                  {/* A plain link: the linked request opens in a new tab, as the spec asks. */}
                  <Link href={`/dossiers/${link.routeId}`} target="_blank" rel="noopener">
                    {link.label}
                  </Link>
                </li>
              ))}
            </Box>
          )}
          <ManagersBlock requestId={request.id} />
          <div>
            <CommentsViewer requestId={request.id} />
          </div>
          <SignatureStatus request={request} />
          <RequestActions target={target} isAdmin={hasRole(user, 'ROLE_ADMIN')} />
          <ExtensionNotice request={request} user={user} />
          {showsOrder && <OrderBlock target={target} />}
          {arrivalEdition !== undefined && (
            <EditorOnArrival target={target} documentId={arrivalEdition} onOpened={dropEdition} />
          )}
          <LettersBlock target={target} />
          {printableCerfaTypes(request).length > 0 && (
            <CerfaPrintButtons
              requestId={request.id}
              publicId={request.publicId}
              types={printableCerfaTypes(request)}
            />
          )}
          <ReceptionDocumentsList documents={request.receptionDocuments} />
          <RequestDocuments
            entries={listedDocuments({
              documents: request.documents,
              stateId: request.stateId,
              viewer: user,
            })}
            deletion={{ target, deletableIds: deletableDocumentIds(request) }}
          />
          <RequestTimeline entity="request" id={String(request.id)} />
        </>
      )}
    </Box>
  );
}
