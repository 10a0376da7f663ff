import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** A table's caption, above it (its accessible name), and its row of column headers. */
export function TableCaptionHead({ caption, columns }: { caption: string; columns: readonly string[] }) {
  return (
    <>
      <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>{caption}</caption>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column} component="th" scope="col">
              {column}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
    </>
  );
}
