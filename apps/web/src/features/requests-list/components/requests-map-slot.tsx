import Box from '@mui/material/Box';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { MapView, type FeatureSelection, type MapFeatureId } from '../../map';
import type { RequestFeatures } from '../api/requests-list-api';
import { popupOfRequest, requestMapFeatures } from '../model/map-popup';
import type { RequestRow } from '../model/row-actions';

const MAP_REGION_ID = 'requests-map';
export const MAP_ARIA_LABEL = 'Carte des demandes';

/** The text alternative under the map: how many of the page's requests it shows. */
export function describeRequestsOnMap(count: number): string {
  if (count === 0) return 'Aucune demande de la page sur la carte';
  return count === 1 ? '1 demande de la page sur la carte' : `${count} demandes de la page sur la carte`;
}

export interface RequestsMapSlotProps {
  features: RequestFeatures | undefined;
  rows: readonly RequestRow[];
  /** The selected request; `zoom` when it was located from its row. */
  selection: FeatureSelection | null;
  onSelect: (selection: FeatureSelection | null) => void;
}

/**
 * The map of the page's requests (features/map, loaded on demand): a click on a request, or
 * 'Localiser sur la carte' in its row (zoom 18 at most, 2 s), opens its popup — id, start and
 * end dates, or the 'Alignement' warning without a start date (docs/screens.md "Request list").
 */
export default function RequestsMapSlot(props: RequestsMapSlotProps) {
  const { features, rows, selection, onSelect } = props;
  const mapFeatures = useMemo(() => requestMapFeatures(features), [features]);
  const popup = useCallback((id: MapFeatureId) => popupOfRequest(id, features, rows), [features, rows]);
  const select = useCallback((id: MapFeatureId | null) => onSelect(id === null ? null : { id }), [onSelect]);
  // Located from a row further down the page: bring the map into view.
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selection?.zoom) region.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [selection]);
  return (
    <Box id={MAP_REGION_ID} ref={region}>
      <MapView
        ariaLabel={MAP_ARIA_LABEL}
        features={mapFeatures}
        selectedFeature={selection}
        onFeatureSelect={select}
        featurePopup={popup}
        description={describeRequestsOnMap(mapFeatures.length)}
        height={420}
      />
    </Box>
  );
}
