import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { MapViewProps } from '../model/map-props';

// OpenLayers (and its CSS) is in the map panel's chunk, downloaded by the pages that show a map.
const MapPanel = lazy(() => import('./map-panel'));

export const MAP_FAILED_TEXT =
  "La carte n'a pas pu être affichée. Vous pouvez choisir l'adresse, la voie et les parcelles dans les listes.";

/**
 * A map that cannot load (its chunk, a browser without canvas) leaves the page usable: the
 * address search and the lists of the keyboard path do not need it.
 */
class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <Alert severity="warning">{MAP_FAILED_TEXT}</Alert> : this.props.children;
  }
}

/** The portal's map, loaded on demand. */
export function MapView(props: MapViewProps) {
  return (
    <MapErrorBoundary>
      <Suspense
        fallback={
          <Box sx={{ height: props.height ?? 460, display: 'grid', placeItems: 'center' }}>
            <Typography>Préparation de la carte…</Typography>
          </Box>
        }
      >
        <MapPanel {...props} />
      </Suspense>
    </MapErrorBoundary>
  );
}
