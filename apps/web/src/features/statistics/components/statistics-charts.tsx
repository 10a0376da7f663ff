import Box from '@mui/material/Box';
import { CLOCK_STATUS_LABELS, formatDateFr, type DeadlineItem, type Statistics } from '@voirie/domain';
import {
  decisionsTable,
  deadlinesTable,
  durationsTable,
  kindsTable,
  monthsTable,
  statesTable,
  townsTable,
  type ChartTable,
} from '../model/chart-tables';
import { STATISTICS_TEXTS as T } from '../model/statistics-texts';
import { DurationsChart, LabelBarsChart, MonthsChart, SharesChart } from './bar-charts';
import { ChartCard } from './chart-card';
import { DeadlineList } from './deadline-list';

const EMPTY: ChartTable = { columns: [], rows: [] };
const DEADLINE_STATUSES: readonly DeadlineItem['status'][] = ['overdue', 'near', 'running'];
const COLORS = {
  favourable: '#18753c',
  unfavourable: '#ce0500',
  overdue: '#ce0500',
  near: '#b34000',
  running: '#18753c',
};

/** Every figure of the page, one card each, two columns on wide screens. */
export function StatisticsCharts({ stats }: { stats: Statistics }) {
  const { decisions, deadlines } = stats;
  const durations = durationsTable(stats);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Box sx={{ gridColumn: { lg: '1 / -1' } }}>
        <ChartCard title={T.byMonth} table={monthsTable(stats)}>
          <MonthsChart rows={stats.byMonth} />
        </ChartCard>
      </Box>
      <ChartCard title={T.byKind} table={kindsTable(stats)}>
        <LabelBarsChart rows={stats.byKind} />
      </ChartCard>
      <ChartCard title={T.byState} table={statesTable(stats)}>
        <LabelBarsChart rows={stats.byState} />
      </ChartCard>
      <ChartCard title={T.durations} help={T.durationsHelp} table={durations}>
        {stats.durations.filingToDecision.count + stats.durations.orderToReception.count > 0 ? (
          <DurationsChart durations={stats.durations} />
        ) : null}
      </ChartCard>
      <ChartCard
        title={T.decisions}
        help={T.decisionsHelp(decisions.total)}
        table={decisions.total ? decisionsTable(stats) : EMPTY}
      >
        <SharesChart
          slices={[
            { label: T.favourable, value: decisions.favourable, color: COLORS.favourable },
            {
              label: T.unfavourable,
              value: decisions.total - decisions.favourable,
              color: COLORS.unfavourable,
            },
          ]}
        />
      </ChartCard>
      <ChartCard title={T.byTown} table={townsTable(stats)}>
        <LabelBarsChart rows={stats.byTown.map((row) => ({ label: row.name, count: row.count }))} />
      </ChartCard>
      <ChartCard
        title={T.deadlines}
        help={T.deadlinesHelp(formatDateFr(deadlines.today))}
        table={deadlines.overdue + deadlines.near + deadlines.running ? deadlinesTable(stats) : EMPTY}
        footer={<DeadlineList items={deadlines.items} />}
      >
        <SharesChart
          slices={DEADLINE_STATUSES.map((status) => ({
            label: CLOCK_STATUS_LABELS[status],
            value: deadlines[status],
            color: COLORS[status],
          }))}
        />
      </ChartCard>
    </Box>
  );
}
