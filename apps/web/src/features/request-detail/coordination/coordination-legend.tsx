import Box from '@mui/material/Box';
import { TONE_COLORS } from '../../map';
import { COORDINATION_TEXTS } from './coordination-texts';

/** The swatches of the legend, in the colours the map draws with. */
const SWATCHES = [
  { label: COORDINATION_TEXTS.legendRequest, tone: TONE_COLORS.request, line: 'solid' },
  { label: COORDINATION_TEXTS.legendConflict, tone: TONE_COLORS.conflict, line: 'dashed' },
  { label: COORDINATION_TEXTS.legendResurfacing, tone: TONE_COLORS.resurfacing, line: 'solid' },
] as const;

/** What the request's map draws once other works or resurfacings are on it. */
export function CoordinationLegend() {
  return (
    <Box
      component="ul"
      aria-label={COORDINATION_TEXTS.legend}
      sx={{ m: 0, mt: 1, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 2 }}
    >
      {SWATCHES.map((swatch) => (
        <Box component="li" key={swatch.label} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 24,
              height: 14,
              border: `3px ${swatch.line} ${swatch.tone.stroke}`,
              bgcolor: swatch.tone.fill,
              flexShrink: 0,
            }}
          />
          {swatch.label}
        </Box>
      ))}
    </Box>
  );
}
