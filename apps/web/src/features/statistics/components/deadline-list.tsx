import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  CLOCK_STATUS_LABELS,
  formatDateFr,
  REQUEST_KIND_LABELS,
  type RequestKind,
  type Statistics,
} from '@voirie/domain';
import { RouterLink } from '../../../ui';
import { TableCaptionHead } from '../../../ui/table-caption-head';
import { STATISTICS_TEXTS as T } from '../model/statistics-texts';

/** The requests near or past their legal deadline, the most urgent first, each a link to its page. */
export function DeadlineList(props: { items: Statistics['deadlines']['items'] }) {
  if (props.items.length === 0) return <Typography sx={{ mt: 1 }}>{T.noDeadline}</Typography>;
  return (
    <TableContainer sx={{ mt: 1, maxHeight: 360 }}>
      <Table size="small" stickyHeader>
        <TableCaptionHead
          caption={T.deadlineList}
          columns={[T.request, T.townColumn, T.deadline, T.daysLeft, T.status]}
        />
        <TableBody>
          {props.items.map((item) => (
            <TableRow key={item.publicId}>
              <TableCell component="th" scope="row">
                <RouterLink to="/dossiers/$id" params={{ id: item.publicId }}>
                  {item.numaffaire ??
                    `${REQUEST_KIND_LABELS[item.type as RequestKind] ?? T.request} du ${formatDateFr(item.filedOn)}`}
                </RouterLink>
              </TableCell>
              <TableCell>{item.town}</TableCell>
              <TableCell>{formatDateFr(item.deadline)}</TableCell>
              <TableCell align="right">{item.daysLeft}</TableCell>
              <TableCell
                sx={{ color: item.status === 'overdue' ? 'error.main' : 'warning.dark', fontWeight: 600 }}
              >
                {CLOCK_STATUS_LABELS[item.status]}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
