import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { getInFlightCount, subscribeInFlight } from '../api';
import { visuallyHidden } from './visually-hidden';

export const LOADING_TEXT = 'Chargement...';

/** The global overlay shown while any API call runs (spec 1 §8). */
export function LoadingOverlay() {
  const isLoading = useSyncExternalStore(subscribeInFlight, getInFlightCount) > 0;
  return (
    <>
      <Backdrop
        open={isLoading}
        // A darker veil than MUI's default keeps the white text above 4.5:1 (RGAA 3.2, WCAG 1.4.3).
        sx={{
          zIndex: (theme) => theme.zIndex.modal + 1,
          color: '#fff',
          bgcolor: 'rgba(0, 0, 0, 0.72)',
          flexDirection: 'column',
          gap: 2,
        }}
      >
        <CircularProgress color="inherit" aria-hidden="true" />
        {/* Hidden from assistive technology: the live region below announces it once. */}
        <Typography aria-hidden="true" sx={{ fontWeight: 600 }}>
          {LOADING_TEXT}
        </Typography>
      </Backdrop>
      {/* Always mounted, so screen readers notice when its text changes. */}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {isLoading ? LOADING_TEXT : ''}
      </Box>
    </>
  );
}
