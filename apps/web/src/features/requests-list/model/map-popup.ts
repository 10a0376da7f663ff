import { formatDateFr } from '@voirie/domain';
import type { Geometry } from 'geojson';
import type { FeaturePopupContent, MapFeature, MapFeatureId } from '../../map';
import type { RequestFeatures } from '../api/requests-list-api';
import type { RequestRow } from './row-actions';

// The list's map (docs/screens.md "Request list"): the page's requests as selectable features, and
// the popup of the selected one — its id, start and end dates, or the 'Alignement' warning without
// a start date.

/** The warning of a request without a works start date (an alignment request has none). */
export const ALIGNEMENT_WARNING = "Alignement : cette demande n'a pas de date de début des travaux.";

/** What the popup needs to know of a request. */
export interface RequestDates {
  id: number;
  dateStart?: string | null;
  dateEnd?: string | null;
}

/** The popup of a request: 'Demande n° 12', then its dates or the 'Alignement' warning. */
export function requestPopup(request: RequestDates): FeaturePopupContent {
  const title = `Demande n° ${request.id}`;
  const start = formatDateFr(request.dateStart);
  if (!start) return { title, lines: [ALIGNEMENT_WARNING], warning: true };
  const end = formatDateFr(request.dateEnd);
  return {
    title,
    lines: [`Début des travaux : ${start}`, `Fin des travaux : ${end || 'non renseignée'}`],
  };
}

function hasPositions(geometry: Geometry | null | undefined): geometry is Geometry {
  if (!geometry) return false;
  if (geometry.type === 'GeometryCollection') return geometry.geometries.some(hasPositions);
  return geometry.coordinates.length > 0;
}

/** The page's requests as map features: the API's features that have a position, once each. */
export function requestMapFeatures(features: RequestFeatures | undefined): MapFeature[] {
  const result: MapFeature[] = [];
  const seen = new Set<number>();
  for (const feature of features?.features ?? []) {
    const id = feature.properties.id;
    if (!hasPositions(feature.geometry) || seen.has(id)) continue;
    seen.add(id);
    result.push({ id, geometry: feature.geometry });
  }
  return result;
}

/** The popup of a feature of the page: the row's dates, else the feature's; null when unknown. */
export function popupOfRequest(
  id: MapFeatureId,
  features: RequestFeatures | undefined,
  rows: readonly RequestRow[],
): FeaturePopupContent | null {
  const row = rows.find((candidate) => candidate.id === id);
  if (row) return requestPopup(row);
  const feature = features?.features.find((candidate) => candidate.properties.id === id);
  return feature ? requestPopup(feature.properties) : null;
}
