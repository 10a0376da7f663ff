import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RequestDetail } from '@voirie/domain';
import { useId } from 'react';
import { clockEventLine, LEGAL_CLOCK_TEXTS, legalClockSummary } from '../model/legal-clock';
import { RequestSummaryList } from './request-summary-list';

/**
 * « Délai légal »: the rule, the deadline and where it stands, the implicit decision
 * once recorded, then the clock's history oldest first (started, suspended, restarted, stopped),
 * for whoever sees the request — the applicant's legal information too.
 */
export function LegalClockSection({ request }: { request: Pick<RequestDetail, 'clock' | 'clockEvents'> }) {
  const headingId = useId();
  const historyId = useId();
  const { clock, clockEvents } = request;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {LEGAL_CLOCK_TEXTS.heading}
      </Typography>
      {clock && <RequestSummaryList entries={legalClockSummary(clock)} label={LEGAL_CLOCK_TEXTS.heading} />}
      <Typography id={historyId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {LEGAL_CLOCK_TEXTS.history}
      </Typography>
      {clockEvents.length === 0 ? (
        <Typography>{LEGAL_CLOCK_TEXTS.noHistory}</Typography>
      ) : (
        <Box component="ol" aria-labelledby={historyId} sx={{ m: 0, pl: 3 }}>
          {clockEvents.map((event, index) => {
            const line = clockEventLine(event);
            return (
              // Events have no id of their own; their order is their history's.
              <li key={`${String(index)}-${event.kind}`}>
                {line.label} — <time dateTime={event.onDate}>{line.date}</time>
                {line.deadline && `, ${line.deadline}`}
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
