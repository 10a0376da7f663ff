import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { canUser } from '@voirie/domain';
import { useMemo } from 'react';
import { usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { citiesQueryOptions } from '../api/recipients-api';
import { RECIPIENTS_TEXTS } from '../model/recipients-texts';
import { CityMailsTable } from './city-mails-table';
import { ExtraContactsSection } from './extra-contacts-section';

/**
 * The recipients screen (docs/api-recipients.md "The screen"): the extra contacts and the towns'
 * e-mails, managed by administrators (the API refuses anyone else too); another account is told so
 * and nothing is asked of the API.
 */
export function RecipientsPage() {
  usePageTitle(RECIPIENTS_TEXTS.title);
  const { data: user } = useQuery(connectedUserQueryOptions());
  const allowed = canUser(user, 'manageRecipients');
  const cities = useQuery({ ...citiesQueryOptions(), enabled: allowed });
  const towns = useMemo(() => (cities.data ?? []).map((city) => city.name), [cities.data]);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {RECIPIENTS_TEXTS.title}
      </Typography>
      {user && !allowed ? <Alert severity="info">{RECIPIENTS_TEXTS.adminOnly}</Alert> : null}
      {allowed ? (
        <>
          <ExtraContactsSection towns={towns} />
          {cities.isError ? <Alert severity="error">{RECIPIENTS_TEXTS.loadFailed}</Alert> : null}
          <CityMailsTable cities={cities.data ?? []} />
        </>
      ) : null}
    </>
  );
}
