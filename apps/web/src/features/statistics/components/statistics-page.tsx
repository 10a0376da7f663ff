import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { frFR } from '@mui/x-charts/locales';
import { useQuery } from '@tanstack/react-query';
import { canUser } from '@voirie/domain';
import { useState } from 'react';
import { usePageTitle } from '../../../ui';
import { connectedUserQueryOptions } from '../../auth';
import { statisticsQueryOptions } from '../api/statistics-api';
import {
  defaultFilters,
  isPeriodReversed,
  toQuery,
  type StatisticsFilters,
} from '../model/statistics-filters';
import { STATISTICS_TEXTS as T } from '../model/statistics-texts';
import { StatisticsCharts } from './statistics-charts';
import { StatisticsFiltersBar } from './statistics-filters-bar';

const CHARTS_TEXT = frFR.components.MuiChartsLocalizationProvider.defaultProps.localeText;

/**
 * /statistics, the sidebar's 'Tableau de bord': the requests of a period per
 * month, kind, state and town, the delays, the favourable share and the legal deadlines —
 * computed by the API (`GET statistics`), each chart with its table and its CSV and PNG exports.
 * Instructors and administrators (the domain's readStatistics); the API refuses the others too.
 */
export function StatisticsPage() {
  usePageTitle(T.title);
  const { data: user } = useQuery(connectedUserQueryOptions());
  const allowed = canUser(user, 'readStatistics');
  const [filters, setFilters] = useState<StatisticsFilters>(() => defaultFilters());
  const valid = !isPeriodReversed(filters);
  const { data: stats } = useQuery(statisticsQueryOptions(toQuery(filters), allowed && valid));

  return (
    <ChartsLocalizationProvider localeText={CHARTS_TEXT}>
      <Typography variant="h4" component="h1" gutterBottom>
        {T.title}
      </Typography>
      {user && !allowed ? (
        <Alert severity="info">{T.forbidden}</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{T.intro}</Typography>
          <StatisticsFiltersBar
            filters={filters}
            onChange={setFilters}
            onReset={() => setFilters(defaultFilters())}
          />
          {stats && (
            <>
              <Typography component="p" variant="h6" role="status" sx={{ mb: 2 }}>
                {T.total(stats.total)}
              </Typography>
              <StatisticsCharts stats={stats} />
            </>
          )}
        </>
      )}
    </ChartsLocalizationProvider>
  );
}
