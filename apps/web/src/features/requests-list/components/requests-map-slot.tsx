import Box from '@mui/material/Box';
import { REQUEST_TILES, type SearchState } from '@voirie/domain';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  MapView,
  type FeatureDetails,
  type FeatureSelection,
  type FeatureTiles,
  type MapFeatureId,
} from '../../map';
import { requestTilesUrl, type ListPagination } from '../api/requests-list-api';
import { describeRequestsOnMap, popupOfRequest } from '../model/map-popup';

const MAP_REGION_ID = 'requests-map';
export const MAP_ARIA_LABEL = 'Carte des demandes';

export interface RequestsMapSlotProps {
  /** The list's filters: the map's tiles show every request they match. */
  search: SearchState;
  /** The list's count, for the text under the map. */
  pagination: ListPagination | undefined;
  /** A new value reads the tiles again (the list read again: hooks/use-tiles-revision.ts); the browser revalidates them. */
  revision: number;
  /** The selected request; `zoom` when it was located from its row. */
  selection: FeatureSelection | null;
  onSelect: (selection: FeatureSelection | null) => void;
}

/**
 * The map of the list's requests (features/map, loaded on demand), read from vector tiles of the
 * list's filters: a cell of several requests shows their count and a click zooms in on it; a click
 * on a request, or 'Localiser sur la carte' in its row (zoom 18 at most, 2 s), opens its popup — id,
 * start and end dates, or the 'Alignement' warning without a start date (docs/screens.md "Request list").
 */
export default function RequestsMapSlot(props: RequestsMapSlotProps) {
  const { search, pagination, revision, selection, onSelect } = props;
  const url = requestTilesUrl(search);
  const tiles = useMemo<FeatureTiles>(
    () => ({ url, layer: REQUEST_TILES.layer, maxZoom: REQUEST_TILES.maxZoom, revision }),
    [url, revision],
  );
  const select = useCallback(
    (id: MapFeatureId | null, details?: FeatureDetails) => onSelect(id === null ? null : { id, ...details }),
    [onSelect],
  );
  // Located from a row further down the page: bring the map into view.
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selection?.zoom) region.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [selection]);
  return (
    <Box id={MAP_REGION_ID} ref={region}>
      <MapView
        ariaLabel={MAP_ARIA_LABEL}
        featureTiles={tiles}
        selectedFeature={selection}
        onFeatureSelect={select}
        featurePopup={popupOfRequest}
        description={describeRequestsOnMap(pagination)}
        height={420}
      />
    </Box>
  );
}
