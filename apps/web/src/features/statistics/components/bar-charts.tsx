import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { Statistics } from '@voirie/domain';
import { monthLabel } from '../model/chart-tables';
import { STATISTICS_TEXTS as T } from '../model/statistics-texts';

// The charts of the statistics page, drawn by MUI X Charts (no animation: the PNG export and
// the screenshots show the final drawing).

const PRIMARY = '#000091';

/** Requests per month: vertical bars. */
export function MonthsChart(props: { rows: Statistics['byMonth'] }) {
  return (
    <BarChart
      height={280}
      skipAnimation
      hideLegend
      dataset={props.rows}
      xAxis={[{ scaleType: 'band', dataKey: 'month', valueFormatter: (month: string) => monthLabel(month) }]}
      series={[{ dataKey: 'count', label: T.count, color: PRIMARY }]}
    />
  );
}

/** Counts per label (kind, state, town): horizontal bars, one line each. */
export function LabelBarsChart(props: { rows: readonly { label: string; count: number }[]; color?: string }) {
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(140, props.rows.length * 30 + 50)}
      skipAnimation
      hideLegend
      dataset={props.rows.map((row) => ({ label: row.label, count: row.count }))}
      yAxis={[{ scaleType: 'band', dataKey: 'label', width: 170 }]}
      series={[{ dataKey: 'count', label: T.count, color: props.color ?? PRIMARY }]}
    />
  );
}

/** Median and 90th percentile of both durations. */
export function DurationsChart(props: { durations: Statistics['durations'] }) {
  const { filingToDecision, orderToReception } = props.durations;
  return (
    <BarChart
      height={260}
      skipAnimation
      xAxis={[{ scaleType: 'band', data: [T.filingToDecision, T.orderToReception] }]}
      series={[
        { label: T.median, data: [filingToDecision.median, orderToReception.median], color: PRIMARY },
        { label: T.p90, data: [filingToDecision.p90, orderToReception.p90], color: '#6a6af4' },
      ]}
    />
  );
}

/** Shares as a pie, each slice named in the legend. */
export function SharesChart(props: { slices: readonly { label: string; value: number; color: string }[] }) {
  return (
    <PieChart
      height={200}
      skipAnimation
      series={[
        {
          data: props.slices.map((slice, id) => ({ id, ...slice })),
          innerRadius: 40,
        },
      ]}
    />
  );
}
