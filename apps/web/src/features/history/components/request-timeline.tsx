import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { entityHistoryQueryOptions } from '../api/history-api';
import { TimelineList } from './timeline-list';

export const HISTORY_LOAD_ERROR = "L'historique n'a pas pu être chargé.";

export interface RequestTimelineProps {
  /** 'request', 'user', … as the API writes it. */
  entity: string;
  /** The entity's id (for a request, its number or its public id). */
  id: string | number;
}

/**
 * The history timeline of an entity (docs/screens.md "History"), newest first, under the heading
 * 'Historique'.
 */
export function RequestTimeline({ entity, id }: RequestTimelineProps) {
  const headingId = useId();
  const { data, isPending, isError } = useQuery(entityHistoryQueryOptions(entity, id));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        Historique
      </Typography>
      {isPending ? (
        <CircularProgress size={24} aria-label="Chargement de l'historique" />
      ) : isError ? (
        <Alert severity="error">{HISTORY_LOAD_ERROR}</Alert>
      ) : (
        <TimelineList entries={data} label="Historique" />
      )}
    </Box>
  );
}
