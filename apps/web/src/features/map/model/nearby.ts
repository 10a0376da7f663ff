import type { GeometryCollection } from '@voirie/domain';
import { findTownByInseeCode } from '@voirie/domain';
import type { FeatureCollection, LineString, MultiPolygon } from 'geojson';
import type { ParcelFeature, ParcelProperties, RoadFeature, RoadProperties } from '../api/map-api';
import { asSimpleGeometry, distanceTo, toGeometryCollection, type LonLat } from './shapes';

// The keyboard path (RGAA): the road segments and parcels near a chosen address, as lists to
// choose from instead of drawing.

/** Search radius around the address, in metres. */
export const NEARBY_RADIUS = { roads: 80, parcels: 50 } as const;
/** At most this many entries per list. */
export const NEARBY_LIMIT = { roads: 8, parcels: 10 } as const;

export interface NearbyRoad {
  id: number;
  label: string;
  accepted: boolean;
  distance: number;
  feature: RoadFeature;
}

export interface NearbyParcel {
  id: string;
  label: string;
  distance: number;
  feature: ParcelFeature;
}

function byDistance<T extends { distance: number }>(a: T, b: T): number {
  return a.distance - b.distance;
}

function metres(distance: number): string {
  return distance < 1 ? 'sous l’adresse' : `à ${Math.round(distance)} m`;
}

/** The road segments nearest the point first, one entry per segment. */
export function nearbyRoads(
  center: LonLat,
  collection: FeatureCollection<LineString, RoadProperties> | undefined,
): NearbyRoad[] {
  return (
    (collection?.features ?? [])
      .filter((feature) => feature.geometry?.type === 'LineString')
      .map((feature) => {
        const { id, nom, numero, typevoie, accepted } = feature.properties;
        const distance = distanceTo(center, feature.geometry);
        const name = [nom ?? 'Voie sans nom', numero ? `(${numero})` : ''].filter(Boolean).join(' ');
        const status = accepted ? '' : ', hors gestion de la communauté';
        return {
          id,
          label: `${name} — ${typevoie}${status} (${metres(distance)})`,
          accepted,
          distance,
          feature,
        };
      })
      // The layer answers what crosses the box: keep what is really within the radius.
      .filter((road) => road.distance <= NEARBY_RADIUS.roads)
      .sort(byDistance)
      .slice(0, NEARBY_LIMIT.roads)
  );
}

/** The parcels nearest the point first (the one under it at 0 m). */
export function nearbyParcels(
  center: LonLat,
  collection: FeatureCollection<MultiPolygon, ParcelProperties> | undefined,
): NearbyParcel[] {
  return (collection?.features ?? [])
    .filter((feature) => feature.geometry?.type === 'MultiPolygon' || feature.geometry?.type === 'Polygon')
    .map((feature) => {
      const { id, section, numero, insee } = feature.properties;
      const distance = distanceTo(center, feature.geometry);
      const town = findTownByInseeCode(insee)?.name;
      return {
        id,
        label: `Parcelle ${section} ${numero}${town ? ` — ${town}` : ''} (${metres(distance)})`,
        distance,
        feature,
      };
    })
    .filter((parcel) => parcel.distance <= NEARBY_RADIUS.parcels)
    .sort(byDistance)
    .slice(0, NEARBY_LIMIT.parcels);
}

/** The shapes of the choice, as if drawn: the road segment's line, then the parcels' polygons. */
export function chosenShapes(
  road: NearbyRoad | undefined,
  parcels: readonly NearbyParcel[],
): GeometryCollection {
  return toGeometryCollection([
    ...(road ? [asSimpleGeometry(road.feature.geometry)] : []),
    ...parcels.map((parcel) => asSimpleGeometry(parcel.feature.geometry)),
  ]);
}
