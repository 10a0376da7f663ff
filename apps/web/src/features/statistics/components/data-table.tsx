import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { TableCaptionHead } from '../../../ui/table-caption-head';
import type { ChartTable } from '../model/chart-tables';

const shown = (value: string | number | null) =>
  value === null ? '—' : typeof value === 'number' ? value.toLocaleString('fr-FR') : value;

/** A chart's data as a table, captioned with the chart's title (the chart's text alternative). */
export function DataTable(props: { caption: string; table: ChartTable }) {
  return (
    <Table size="small">
      <TableCaptionHead caption={props.caption} columns={props.table.columns} />
      <TableBody>
        {props.table.rows.map((row, index) => (
          <TableRow key={index}>
            {row.map((value, column) =>
              column === 0 ? (
                <TableCell key={column} component="th" scope="row">
                  {shown(value)}
                </TableCell>
              ) : (
                <TableCell key={column} align="right">
                  {shown(value)}
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
