import { formatDateFr } from '@voirie/domain';
import type { Geometry } from 'geojson';
import type { FeaturePopupContent, FeatureSelection, MapFeatureId, MapFeatureProperties } from '../../map';
import type { ListPagination, RequestFeatures } from '../api/requests-list-api';
import type { RequestRow } from './row-actions';

// The list's map (docs/screens.md "Request list"): the list's requests read from vector tiles, the
// popup of the selected one — its id, start and end dates, or the 'Alignement' warning without a
// start date — and the text under the map.

/** The warning of a request without a works start date (an alignment request has none). */
export const ALIGNEMENT_WARNING = "Alignement : cette demande n'a pas de date de début des travaux.";

/** What the popup needs to know of a request. */
export interface RequestDates {
  id: MapFeatureId;
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

function dateOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The popup of a request on the map from its feature's properties (those of its tile, or of the
 * page's feature when it was located from its row): `dateStart` and `dateEnd`, absent from a tile
 * when the request has none. Null without properties.
 */
export function popupOfRequest(
  id: MapFeatureId,
  properties: MapFeatureProperties | undefined,
): FeaturePopupContent | null {
  if (!properties) return null;
  return requestPopup({ id, dateStart: dateOf(properties.dateStart), dateEnd: dateOf(properties.dateEnd) });
}

function hasPositions(geometry: Geometry | null | undefined): geometry is Geometry {
  if (!geometry) return false;
  if (geometry.type === 'GeometryCollection') return geometry.geometries.some(hasPositions);
  return geometry.coordinates.length > 0;
}

/**
 * The selection of a request located from its row ('Localiser sur la carte'): the map zooms onto
 * the shape of the page's feature (zoom 18 at most, 2 s) and opens its popup from the feature's
 * properties — the row's dates when the page has no feature of it. A new object each time:
 * locating the same request again zooms again.
 */
export function locatedRequest(
  row: Pick<RequestRow, 'id' | 'dateStart' | 'dateEnd'>,
  features: RequestFeatures | undefined,
): FeatureSelection {
  const feature = features?.features.find(
    (candidate) => candidate.properties.id === row.id && hasPositions(candidate.geometry),
  );
  return {
    id: row.id,
    zoom: true,
    geometry: feature?.geometry ?? null,
    properties: feature?.properties ?? { id: row.id, dateStart: row.dateStart, dateEnd: row.dateEnd },
  };
}

const FRENCH_NUMBER = new Intl.NumberFormat('fr-FR');

/**
 * The text alternative under the map: how many of the list's requests it shows (the list's total,
 * a lower bound when the API capped the count) — the map's tiles hold every request of the list's
 * filters, not only the page's. Before the list's first answer, that it is loading.
 */
export function describeRequestsOnMap(
  pagination: Pick<ListPagination, 'total' | 'capped'> | undefined,
): string {
  if (!pagination) return 'Demandes de la liste en cours de chargement';
  const { total, capped } = pagination;
  if (capped) return `Plus de ${FRENCH_NUMBER.format(total)} demandes de la liste sont sur la carte`;
  if (total <= 0) return 'Aucune demande de la liste sur la carte';
  if (total === 1) return 'La demande de la liste est sur la carte';
  return `Les ${FRENCH_NUMBER.format(total)} demandes de la liste sont sur la carte`;
}
