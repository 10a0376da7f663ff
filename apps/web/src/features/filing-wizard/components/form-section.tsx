import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const fieldsetSx = { border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, minWidth: 0 } as const;
export const FIELDS_GRID_SX = {
  display: 'grid',
  gap: 2,
  // As many columns as fit fields of 18 rem at least (one on a phone): labels stay whole.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
} as const;

/** A group of the wizard's fields: a fieldset whose legend names the group for screen readers. */
export function FormSection({
  legend,
  children,
  action,
  grid = true,
}: {
  legend: string;
  children: ReactNode;
  /** A button beside the legend (the trash of a secondary address). */
  action?: ReactNode;
  /** Lay the children out in the fields' grid (default) or one under the other. */
  grid?: boolean;
}) {
  return (
    <Box component="fieldset" sx={fieldsetSx}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, px: 0.5 }}>
        {legend}
      </Typography>
      {action && <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>{action}</Box>}
      <Box sx={grid ? FIELDS_GRID_SX : { display: 'grid', gap: 2 }}>{children}</Box>
    </Box>
  );
}
