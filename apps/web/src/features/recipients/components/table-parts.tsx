import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { RECIPIENTS_TEXTS } from '../model/recipients-texts';

/** The header row of a recipients table: its columns, then 'Actions' on the right. */
export function ColumnHeaders(props: { labels: readonly string[] }) {
  return (
    <TableHead>
      <TableRow>
        {props.labels.map((label) => (
          <TableCell key={label} component="th" scope="col">
            {label}
          </TableCell>
        ))}
        <TableCell component="th" scope="col" align="right">
          {RECIPIENTS_TEXTS.actions}
        </TableCell>
      </TableRow>
    </TableHead>
  );
}

/** The 'Actions' cell of a row: one icon button named by its label (also its tooltip). */
export function ActionCell(props: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <TableCell align="right">
      <IconButton aria-label={props.label} title={props.label} onClick={props.onClick}>
        {props.icon}
      </IconButton>
    </TableCell>
  );
}
