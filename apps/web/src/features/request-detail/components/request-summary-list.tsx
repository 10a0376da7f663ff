import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../ui';
import { DETAIL_TEXTS, type SummaryEntry } from '../model/request-summary';

/**
 * A definition list's two columns: labels as wide as they need up to half the width (then they
 * wrap), values in the rest; a long word breaks rather than widen a phone's page.
 */
export const DEFINITION_GRID_SX = {
  display: 'grid',
  gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)',
  gap: 1,
  m: 0,
  overflowWrap: 'anywhere',
} as const;

/** The summary as a definition list, so a screen reader reads each label with its value. */
export function RequestSummaryList({
  entries,
  label = DETAIL_TEXTS.summary,
}: {
  entries: readonly SummaryEntry[];
  label?: string;
}) {
  return (
    <Box component="dl" aria-label={label} sx={DEFINITION_GRID_SX}>
      {entries.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value || (
              // The dash is visual only; a screen reader hears that the value is missing.
              <>
                <span aria-hidden="true">—</span>
                <Box component="span" sx={visuallyHidden}>
                  {DETAIL_TEXTS.empty}
                </Box>
              </>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
