import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  formatDateFr,
  GeometryCollectionSchema,
  SimpleGeometrySchema,
  type GeometryCollection,
  type SimpleGeometry,
} from '@voirie/domain';
import { useMemo } from 'react';
import { centerOf, MapView, toGeometryCollection, type LonLat, type MapFocus } from '../../map';
import type { RequestFeatures } from '../api/requests-list-api';
import type { RequestRow } from '../model/row-actions';

const MAP_REGION_ID = 'requests-map';
export const MAP_ARIA_LABEL = 'Carte des demandes';

/** A request to locate on the map; a new object animates again, even to the same request. */
export interface LocateTarget {
  row: RequestRow;
}

/** Every request geometry of the page as one collection, for display (the features' geometries as stored). */
function pageShapes(features: RequestFeatures | undefined): GeometryCollection {
  const geometries: (SimpleGeometry | GeometryCollection)[] = [];
  for (const feature of features?.features ?? []) {
    const collection = GeometryCollectionSchema.safeParse(feature.geometry);
    const simple = collection.success ? null : SimpleGeometrySchema.safeParse(feature.geometry);
    if (collection.success) geometries.push(collection.data);
    else if (simple?.success) geometries.push(simple.data);
  }
  return toGeometryCollection(geometries);
}

/** Where a row sits: its feature's shapes, else its lon/lat. */
function positionOf(row: RequestRow, features: RequestFeatures | undefined): LonLat | null {
  const feature = features?.features.find((candidate) => candidate.properties.id === row.id);
  const shapes = feature ? pageShapes({ type: 'FeatureCollection', features: [feature] }) : null;
  const center = centerOf(shapes);
  if (center) return center;
  return typeof row.lon === 'number' && typeof row.lat === 'number' ? [row.lon, row.lat] : null;
}

/**
 * The map of the page's requests (features/map, loaded on demand): their shapes; a located
 * row is centred (zoom 18 at most, 2 s), marked, and described — id, start and end dates, or
 * 'Alignement' when it has no start date (spec 1 §2.5).
 */
export default function RequestsMapSlot(props: { features: RequestFeatures | undefined; locate: LocateTarget | null }) {
  const { features, locate } = props;
  const shapes = useMemo(() => pageShapes(features), [features]);
  const position = useMemo(() => (locate ? positionOf(locate.row, features) : null), [locate, features]);
  // A new object on every locate, so the same request can be located again.
  const focus = useMemo<MapFocus | null>(() => (position ? { lonLat: position } : null), [position]);
  const row = locate?.row;
  return (
    <Box id={MAP_REGION_ID} sx={{ display: 'grid', gap: 1 }}>
      {row && (
        <Alert severity={row.dateStart ? 'info' : 'warning'} role="status">
          {row.dateStart
            ? `Demande n° ${row.id} — début des travaux : ${formatDateFr(row.dateStart)}${
                row.dateEnd ? `, fin : ${formatDateFr(row.dateEnd)}` : ''
              }`
            : `Demande n° ${row.id} — Alignement`}
        </Alert>
      )}
      <MapView ariaLabel={MAP_ARIA_LABEL} shapes={shapes} marker={position} focus={focus} height={420} />
    </Box>
  );
}
