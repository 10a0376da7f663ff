import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { NOT_IN_COMPLETENESS_MESSAGE, offersUpdate } from '@voirie/domain';
import { useEffect, useMemo, useState } from 'react';
import { showToast, usePageTitle } from '../../../ui';
import { CompletenessNotice } from '../../request-detail';
import { requestQueryOptions } from '../../../shared/request-queries';
import { wizardStateFromRequest } from '../model/request-to-state';
import { UPDATE_HEADING } from '../model/wizard-headings';
import { FilingWizard } from './filing-wizard';

const updateRoute = getRouteApi('/app/updatedossier/$id');

export const UPDATE_TEXTS = {
  notFound: "Cette demande n'existe pas ou vous n'y avez pas accès.",
} as const;

/**
 * The update route (docs/screens.md "Filing wizard", docs/api-filing.md "PUT /api/request/{id}"): a
 * request in state 8 completed in the wizard (or updated by an admin in any state), every step
 * filled from GET request/{id}. Otherwise: the alert, then the Dossiers list.
 */
export function UpdateRequestPage() {
  const { id } = updateRoute.useParams();
  const navigate = useNavigate();
  const { data: fresh, isError } = useQuery(requestQueryOptions(id));
  // The state is judged on the request as first loaded: once completed (state 9) a refetch must
  // not turn the finished wizard into the 'not in completeness' alert.
  const [request, setRequest] = useState<typeof fresh>(undefined);
  if (fresh && !request) setRequest(fresh);
  // The server says whether this account may update it now: its owner in state 8, an admin in
  // any state ('Mise à jour du dossier').
  const completable = !!request && offersUpdate(request.actions);

  useEffect(() => {
    if (request && !completable) {
      showToast(NOT_IN_COMPLETENESS_MESSAGE, 'error');
      void navigate({ to: '/dossiers', replace: true });
    }
  }, [request, completable, navigate]);

  const initialState = useMemo(
    () => (request && completable ? wizardStateFromRequest(request) : null),
    [request, completable],
  );
  if (request && initialState)
    return (
      <FilingWizard
        heading={UPDATE_HEADING}
        initialState={initialState}
        intro={<CompletenessNotice request={request} />}
      />
    );
  return <UpdatePlaceholder notFound={isError} />;
}

function UpdatePlaceholder({ notFound }: { notFound: boolean }) {
  usePageTitle(UPDATE_HEADING);
  return (
    <>
      <Typography variant="h4" component="h1">
        {UPDATE_HEADING}
      </Typography>
      {notFound && <Typography>{UPDATE_TEXTS.notFound}</Typography>}
    </>
  );
}
