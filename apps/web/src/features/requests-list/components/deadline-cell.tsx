import AlarmIcon from '@mui/icons-material/Alarm';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { visuallyHidden } from '../../../ui';
import { DEADLINE_TEXTS, deadlineCellOf } from '../model/deadline';
import type { RequestRow } from '../model/row-actions';

// Never colour alone (RGAA 3.1): 'Dépassée' is written out, a near deadline has its alarm icon
// and chip, a running one is plain text; a screen reader hears the whole sentence. The chip's
// colours keep 4.5:1 contrast with their text.
const NEAR_SX = { bgcolor: '#fff4e5', color: '#5f3700', border: 1, borderColor: '#b35c00' } as const;
const OVERDUE_SX = { bgcolor: '#b71c1c', color: '#ffffff', fontWeight: 700 } as const;

/** The « Échéance » cell: days left, or 'Dépassée'; a dash when no delay runs. */
export function DeadlineCellContent({
  row,
}: {
  row: Pick<RequestRow, 'deadlineOn' | 'daysLeft' | 'deadlineStatus'>;
}) {
  const cell = deadlineCellOf(row);
  if (!cell) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <Box component="span" sx={visuallyHidden}>
          {DEADLINE_TEXTS.none}
        </Box>
      </>
    );
  }
  const visible =
    cell.status === 'running' ? (
      <span>{cell.text}</span>
    ) : (
      <Chip
        size="small"
        label={cell.text}
        icon={cell.status === 'near' ? <AlarmIcon fontSize="small" sx={{ color: 'inherit' }} /> : undefined}
        // A small text and narrow padding: 'Dépassée' fits the narrow column.
        sx={{
          ...(cell.status === 'near' ? NEAR_SX : OVERDUE_SX),
          fontSize: '0.75rem',
          '& .MuiChip-icon': { color: 'inherit', ml: 0.5, mr: -0.25 },
          '& .MuiChip-label': { px: 0.5 },
        }}
      />
    );
  return (
    <Tooltip title={cell.description}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
        <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex' }}>
          {visible}
        </Box>
        <Box component="span" sx={visuallyHidden}>
          {cell.description}
        </Box>
      </Box>
    </Tooltip>
  );
}
