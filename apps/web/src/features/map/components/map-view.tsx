import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { MapViewProps } from '../model/map-props';

// OpenLayers (and its CSS) is in the map panel's chunk, downloaded by the pages that show a map.
const MapPanel = lazy(() => import('./map-panel'));

/** The portal's map, loaded on demand. */
export function MapView(props: MapViewProps) {
  return (
    <Suspense
      fallback={
        <Box sx={{ height: props.height ?? 460, display: 'grid', placeItems: 'center' }}>
          <Typography>Préparation de la carte…</Typography>
        </Box>
      }
    >
      <MapPanel {...props} />
    </Suspense>
  );
}
