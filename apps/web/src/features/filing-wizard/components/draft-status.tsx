import { parisTime } from '@voirie/domain';
import Typography from '@mui/material/Typography';
import type { AutosaveStatus } from '../hooks/use-draft-autosave';
import { LEAVE_TEXTS as T } from '../model/leave-texts';

function statusText(status: AutosaveStatus): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'saving':
      return T.saving;
    case 'saved':
      return T.saved(parisTime(status.at));
    case 'failed':
      return T.notSaved(status.message);
  }
}

/** Where the draft stands, read out politely when it changes (a refusal in the error colour). */
export function DraftStatus({ status }: { status: AutosaveStatus }) {
  return (
    <Typography
      role="status"
      variant="body2"
      color={status.kind === 'failed' ? 'error' : 'text.secondary'}
      sx={{ minHeight: '1.5em' }}
    >
      {statusText(status)}
    </Typography>
  );
}
