import DeleteIcon from '@mui/icons-material/Delete';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { describeChosenFile } from '../model/documents-step';

/**
 * A chosen file: its name, size and type; its bar while Terminer sends it, and the button that
 * removes it while it can still be changed.
 */
export function ChosenFile({
  file,
  percent,
  progressLabel,
  removeLabel,
  onRemove,
}: {
  file: File;
  /** The share sent (0–100) while sending, else none. */
  percent?: number;
  progressLabel?: string;
  removeLabel?: string;
  onRemove?: () => void;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        alignItems: 'center',
        columnGap: 1,
        rowGap: 0.5,
      }}
    >
      <InsertDriveFileIcon color="action" aria-hidden="true" />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {file.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {describeChosenFile(file)}
        </Typography>
      </Box>
      {onRemove ? (
        <IconButton aria-label={removeLabel} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      ) : (
        <span />
      )}
      {percent !== undefined && (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={progressLabel}
          sx={{ gridColumn: '1 / -1' }}
        />
      )}
    </Box>
  );
}
