import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ReactNode } from 'react';
import { showToast, visuallyHidden } from '../../../ui';
import { downloadCsv, downloadPng } from '../model/chart-export';
import type { ChartTable } from '../model/chart-tables';
import { STATISTICS_TEXTS as T } from '../model/statistics-texts';
import { DataTable } from './data-table';

interface ChartCardProps {
  title: string;
  help?: string;
  /** The chart's data: its text alternative, shown on demand, and its CSV. */
  table: ChartTable;
  /** The chart itself (drawn by MUI X Charts), or null when there is nothing to draw. */
  children: ReactNode;
  /** Shown under the chart, kept in the PNG (e.g. a list). */
  footer?: ReactNode;
}

/**
 * A chart in a titled section: the chart as an image for sight (its name points to the table),
 * the same data as a table (visually hidden unless asked for, always read by screen readers),
 * and its exports, CSV and PNG.
 */
export function ChartCard(props: ChartCardProps) {
  const titleId = useId();
  const tableId = useId();
  const card = useRef<HTMLElement>(null);
  const [showTable, setShowTable] = useState(false);
  const [exporting, setExporting] = useState(false);
  const exportPng = async () => {
    if (!card.current) return;
    setExporting(true);
    try {
      await downloadPng(props.title, card.current);
    } catch {
      showToast("L'image n'a pas pu être produite.", 'error');
    } finally {
      setExporting(false);
    }
  };
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      ref={card}
      variant="outlined"
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography id={titleId} variant="h6" component="h2">
        {props.title}
      </Typography>
      {props.help && (
        <Typography variant="body2" color="text.secondary">
          {props.help}
        </Typography>
      )}
      {props.table.rows.length === 0 ? (
        <Typography sx={{ my: 2 }}>{T.noData}</Typography>
      ) : (
        <div role="img" aria-label={T.chartLabel(props.title)}>
          {props.children}
        </div>
      )}
      <div id={tableId} style={showTable ? undefined : visuallyHidden}>
        <DataTable caption={props.title} table={props.table} />
      </div>
      {props.footer}
      <Stack direction="row" data-export-skip="" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button
          size="small"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? T.hideTable : T.showTable}
        </Button>
        <Button
          size="small"
          aria-label={`${T.exportCsv} : ${props.title}`}
          onClick={() => downloadCsv(props.title, props.table)}
        >
          {T.exportCsv}
        </Button>
        <Button
          size="small"
          aria-label={`${T.exportPng} : ${props.title}`}
          disabled={exporting}
          onClick={() => void exportPng()}
        >
          {T.exportPng}
        </Button>
      </Stack>
    </Paper>
  );
}
