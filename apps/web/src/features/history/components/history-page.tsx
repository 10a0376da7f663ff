import Alert from '@mui/material/Alert';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { canUser } from '@voirie/domain';
import { usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { latestHistoryQueryOptions } from '../api/history-api';
import { HISTORY_LOAD_ERROR } from './request-timeline';
import { TimelineList } from './timeline-list';

/** Shown to an account that may not read the history (the API refuses it too). */
export const HISTORY_ADMIN_ONLY = "L'historique est réservé aux administrateurs.";

/** The admin history page (docs/screens.md "History"): the latest entries of every entity, paginated. */
export function HistoryPage() {
  usePageTitle('Historique');
  const [page, setPage] = useState(1);
  const { data: user } = useQuery(connectedUserQueryOptions());
  const allowed = canUser(user, 'readHistory');
  const { data, isError } = useQuery({ ...latestHistoryQueryOptions(page), enabled: allowed });
  if (user && !allowed) {
    return (
      <>
        <Typography variant="h4" component="h1" gutterBottom>
          Historique
        </Typography>
        <Alert severity="info">{HISTORY_ADMIN_ONLY}</Alert>
      </>
    );
  }
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Historique
      </Typography>
      {isError ? <Alert severity="error">{HISTORY_LOAD_ERROR}</Alert> : null}
      {data ? (
        <>
          <TimelineList entries={data.data} label="Dernières entrées de l'historique" />
          {data.pagination.pages > 1 ? (
            <Pagination
              sx={{ mt: 2 }}
              page={page}
              count={data.pagination.pages}
              onChange={(_event, value) => setPage(value)}
              getItemAriaLabel={(type, value) =>
                type === 'page'
                  ? `Page ${String(value)}`
                  : type === 'next'
                    ? 'Page suivante'
                    : type === 'previous'
                      ? 'Page précédente'
                      : String(type)
              }
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
