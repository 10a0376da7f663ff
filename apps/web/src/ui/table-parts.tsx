import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** A column's header: its text, with `align: 'right'` for numbers and actions. */
export type Column = string | { label: string; align: 'right' };

/** A table's row of column headers. */
export function ColumnHead({ columns }: { columns: readonly Column[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => {
          const { label, align } = typeof column === 'string' ? { label: column, align: undefined } : column;
          return (
            <TableCell key={label} component="th" scope="col" align={align}>
              {label}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}

/** The one row of an empty table, saying so across its columns. */
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns}>{text}</TableCell>
    </TableRow>
  );
}

/** What a row's icon button does, named by its label (also its tooltip). */
export interface RowAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}

/** One of a row's icon buttons. */
export function ActionButton({ action }: { action: RowAction }) {
  return (
    <IconButton
      aria-label={action.label}
      title={action.label}
      disabled={action.disabled}
      onClick={action.onClick}
    >
      {action.icon}
    </IconButton>
  );
}

/** The 'Actions' cell of a row, on the right: its icon buttons side by side. */
export function ActionsCell({ actions }: { actions: readonly RowAction[] }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {actions.map((action) => (
        <ActionButton key={action.label} action={action} />
      ))}
    </TableCell>
  );
}
