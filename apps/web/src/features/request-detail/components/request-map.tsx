import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Document, GeometryCollection } from '@voirie/domain';
import { useMemo, useState, type ReactNode } from 'react';
import { RouterButton } from '../../../ui';
import {
  MapView,
  type FeaturePopupContent,
  type FeatureSelection,
  type MapFeature,
  type MapFeatureId,
} from '../../map';
import { MAP_TEXTS } from '../model/detail-map';
import { locatedPhotos, photoFeatures, photoPopup } from '../works/instructor-index';

export interface RequestMapProps {
  shapes: GeometryCollection | null | undefined;
  /**
   * The reception and road-disturbance documents (`request.receptionDocuments`): the photos that
   * carry their place are points of the map; a click (or Enter) shows the photo's name, its type
   * and, taken more than 200 m from the works, the domain's warning.
   */
  photos?: readonly Document[] | null;
  /**
   * Other features drawn beside the request's (the works in conflict and the recent
   * resurfacings, each in its tone), with their popups and the legend shown under the map.
   */
  extra?: {
    features: readonly MapFeature[];
    popup: (id: MapFeatureId) => FeaturePopupContent | null;
    legend: ReactNode;
  };
}

/**
 * The request's shapes on a map without drawing, fitted onto all of them — points, lines and
 * polygons — once the map shows them (docs/screens.md "Request detail"), with the located photos,
 * the show/hide toggle and the way back to the list.
 */
export function RequestMap({ shapes, photos, extra }: RequestMapProps) {
  const [shown, setShown] = useState(true);
  const [selected, setSelected] = useState<FeatureSelection | null>(null);
  const located = useMemo(() => locatedPhotos(photos), [photos]);
  const features = useMemo(
    () => [...(extra?.features ?? []), ...photoFeatures(located)],
    [located, extra?.features],
  );
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          aria-expanded={shown}
          aria-controls="request-map"
          onClick={() => setShown((value) => !value)}
        >
          {shown ? MAP_TEXTS.hide : MAP_TEXTS.show}
        </Button>
        {/* The list restores its own search state from session storage (docs/screens.md "Request list"). */}
        <RouterButton variant="outlined" to="/dossiers">
          {MAP_TEXTS.backToList}
        </RouterButton>
      </Box>
      <Box id="request-map" hidden={!shown}>
        {shown && (
          <MapView
            ariaLabel={MAP_TEXTS.mapLabel}
            shapes={shapes ?? null}
            fitShapes
            height={360}
            {...(features.length > 0 && {
              features,
              selectedFeature: selected,
              onFeatureSelect: (id) => setSelected(id === null ? null : { id }),
              featurePopup: (id) => photoPopup(located, id) ?? extra?.popup(id) ?? null,
            })}
          />
        )}
        {shown && extra && extra.features.length > 0 && extra.legend}
      </Box>
    </Box>
  );
}
