import { parisDateTime } from '@voirie/domain';
import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { LogEntry } from '@voirie/domain';
import { authorOf, entryInitials } from '../model/log-entry';

export const EMPTY_HISTORY_TEXT = 'Aucun historique pour le moment.';

/** History entries as an ordered list: avatar, who, what and when (docs/screens.md "History"). */
export function TimelineList({ entries, label }: { entries: readonly LogEntry[]; label: string }) {
  if (entries.length === 0) return <Typography>{EMPTY_HISTORY_TEXT}</Typography>;
  return (
    <List component="ol" aria-label={label} dense disablePadding>
      {entries.map((entry) => {
        const author = authorOf(entry);
        const showEmail = entry.email && author !== entry.email;
        return (
          <ListItem key={entry.id} alignItems="flex-start" divider>
            <ListItemAvatar>
              <Avatar
                src={entry.picture ?? undefined}
                alt=""
                aria-hidden="true"
                sx={{ bgcolor: 'primary.main' }}
              >
                {entryInitials(entry)}
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={entry.context}
              secondary={
                <>
                  <span>{author}</span>
                  {showEmail ? <span>{` (${entry.email ?? ''})`}</span> : null}
                  {' — '}
                  <time dateTime={entry.loggedAt}>{parisDateTime(entry.loggedAt)}</time>
                </>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
