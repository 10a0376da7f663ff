import {
  RoadDisturbanceInputSchema,
  type GeometryCollection,
  type RoadDisturbanceInput,
} from '@voirie/domain';
import { centerOf } from '../../map';

// The road-disturbance report (docs/screens.md "Request detail", docs/workflow.md "Transitions";
// docs/api-works.md): who saw it, what, where.

export const DISTURBANCE_TEXTS = {
  confirmTitle: 'Déclarer une perturbation de voirie',
  confirmQuestion: 'Êtes-vous sûr de vouloir déclarer une perturbation de voirie pour cette demande ?',
  yes: 'Oui',
  no: 'Non',
  reportTitle: 'Rapport de perturbation de voirie',
  witness: 'Instructeur ayant constaté la perturbation',
  instructorsFailed: 'Impossible de charger la liste des instructeurs.',
  comment: 'Commentaire',
  place: 'Lieu de la perturbation',
  mapLabel: 'Carte du lieu de la perturbation',
  placeHint:
    'Dessinez un point sur la carte, ou utilisez l’emplacement de la demande, ou saisissez la latitude et la longitude.',
  useRequestPoint: 'Utiliser l’emplacement de la demande',
  latitude: 'Latitude',
  longitude: 'Longitude',
  submit: 'Déclarer',
  notice: 'La perturbation de voirie a été déclarée.',
} as const;

export interface ReportValues {
  witnessId: number | null;
  comment: string;
  /** Typed or picked, in decimal degrees (a comma is read as the decimal point). */
  lat: string;
  lon: string;
  photos: File[];
}

export type ReportField = 'witnessId' | 'comment' | 'lat' | 'lon';
export type ReportErrors = Partial<Record<ReportField, string>>;

export const EMPTY_REPORT: ReportValues = { witnessId: null, comment: '', lat: '', lon: '', photos: [] };

/** A typed coordinate as a number; NaN when it is not one (the domain then refuses it). */
function coordinate(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? undefined : Number(trimmed);
}

/** The report to send, or the errors by field (the domain's schema, as the server checks it). */
export function checkReport(
  values: ReportValues,
): { ok: true; report: RoadDisturbanceInput; photos: File[] } | { ok: false; errors: ReportErrors } {
  const parsed = RoadDisturbanceInputSchema.safeParse({
    witnessId: values.witnessId ?? undefined,
    comment: values.comment.trim() || null,
    lat: coordinate(values.lat),
    lon: coordinate(values.lon),
  });
  if (parsed.success) return { ok: true, report: parsed.data, photos: values.photos };
  const errors: ReportErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ReportField | undefined;
    if (field) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** `[lon, lat]` of the typed place, or null when it is not a pair of numbers. */
export function typedPoint(values: Pick<ReportValues, 'lat' | 'lon'>): [number, number] | null {
  const lat = coordinate(values.lat);
  const lon = coordinate(values.lon);
  return lat === undefined || lon === undefined || Number.isNaN(lat) || Number.isNaN(lon) ? null : [lon, lat];
}

/** The map's drawing for a place: one point, or nothing. */
export function placeShapes(point: readonly [number, number] | null): GeometryCollection {
  return {
    type: 'GeometryCollection',
    geometries: point ? [{ type: 'Point', coordinates: [...point] }] : [],
  };
}

/** The last point drawn on the map (a new point replaces the previous one). */
export function lastDrawnPoint(shapes: GeometryCollection): [number, number] | null {
  const point = shapes.geometries.findLast((geometry) => geometry.type === 'Point');
  const [lon, lat] = point?.type === 'Point' ? point.coordinates : [];
  return lon === undefined || lat === undefined ? null : [lon, lat];
}

/** A coordinate as typed in the fields: six decimals (about 10 cm). */
export function formatCoordinate(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** The request's own place: its point, else the centre of its shapes. */
export function requestPoint(request: {
  lat?: number | null;
  lon?: number | null;
  theGeom?: GeometryCollection | null;
}): [number, number] | null {
  if (typeof request.lat === 'number' && typeof request.lon === 'number') return [request.lon, request.lat];
  const center = centerOf(request.theGeom);
  return center ? [center[0], center[1]] : null;
}
