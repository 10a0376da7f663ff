import Alert from '@mui/material/Alert';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../ui';
import { latestHistoryQueryOptions } from '../api/history-api';
import { HISTORY_LOAD_ERROR } from './request-timeline';
import { TimelineList } from './timeline-list';

/** The admin history page (spec 2 §2.6): the latest entries of every entity, paginated. */
export function HistoryPage() {
  usePageTitle('Historique');
  const [page, setPage] = useState(1);
  const { data, isError } = useQuery(latestHistoryQueryOptions(page));
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
                type === 'page' ? `Page ${String(value)}` : type === 'next' ? 'Page suivante' : type === 'previous' ? 'Page précédente' : String(type)
              }
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
