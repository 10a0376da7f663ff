import { queryOptions } from '@tanstack/react-query';
import type {
  AddressCollection,
  AddressFeature,
  MapLayer,
  ParcelFeatureProperties as ParcelProperties,
  RoadFeatureProperties as RoadProperties,
} from '@voirie/domain';
import type { Feature, FeatureCollection, LineString, MultiPolygon } from 'geojson';
import { http } from '../../../api';
import type { Bbox, LonLat } from '../model/shapes';

// The map's calls (docs/gis-api.md). Layer and address answers are plain GeoJSON. None of them
// shows the 'Chargement...' overlay: they run while the user pans or types. The answers' types
// are the API's response schemas (packages/domain, schemas/geo-answers.ts).

export type { AddressFeature, ParcelProperties, RoadProperties };

/**
 * GET map-layers: the base and overlay layers of the map (docs/data-model.md "Entities"); a page
 * without a session (the public works map) reads the same rows at public/map-layers.
 */
export function mapLayersQueryOptions(source: 'signedIn' | 'public' = 'signedIn') {
  const path = source === 'public' ? 'public/map-layers' : 'map-layers';
  return queryOptions({
    queryKey: [path],
    queryFn: async () => (await http.get<MapLayer[]>(path, { overlay: false })).data,
    staleTime: Infinity,
  });
}

export type RoadFeature = Feature<LineString, RoadProperties>;
export type ParcelFeature = Feature<MultiPolygon, ParcelProperties>;

/** A layer URL with the bbox (EPSG:4326 degrees) and zoom the local layers expect. */
export function layerUrl(url: string, bbox: Bbox, zoom: number): string {
  const separator = url.includes('?') ? '&' : '?';
  const rounded = bbox.map((value) => value.toFixed(6)).join(',');
  return `${url}${separator}bbox=${rounded}&zoom=${Math.round(zoom * 100) / 100}`;
}

/** A path under /api for the HTTP client (the rows hold '/api/layers/…'). */
function apiPath(url: string): string {
  return url.replace(/^\/?api\//, '');
}

/** GET of a local layer (towns, roads, parcels) in a bbox; silent, the map just stays empty. */
export async function fetchLayer<G extends FeatureCollection>(url: string, signal?: AbortSignal): Promise<G> {
  return http.getDocument<G>(apiPath(url), { overlay: false, silent: true, signal });
}

/** Road segments in a bbox, as the roads layer serves them at street zoom. */
export function fetchRoads(url: string, bbox: Bbox, signal?: AbortSignal) {
  return fetchLayer<FeatureCollection<LineString, RoadProperties>>(layerUrl(url, bbox, 18), signal);
}

/** Parcels in a bbox, as the parcels layer serves them at street zoom. */
export function fetchParcels(url: string, bbox: Bbox, signal?: AbortSignal) {
  return fetchLayer<FeatureCollection<MultiPolygon, ParcelProperties>>(layerUrl(url, bbox, 18), signal);
}

/** GET address/search: addresses matching the text, best first. */
export async function searchAddresses(q: string, limit: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ q, limit: String(limit) });
  const collection = await http.getDocument<AddressCollection>(`address/search?${query.toString()}`, {
    overlay: false,
    silent: true,
    signal,
  });
  return collection.features;
}

/** GET address/reverse: the address nearest to the point, or null. */
export async function reverseAddress([lon, lat]: LonLat): Promise<AddressFeature | null> {
  const query = new URLSearchParams({ lon: String(lon), lat: String(lat) });
  const collection = await http.getDocument<AddressCollection>(`address/reverse?${query.toString()}`, {
    overlay: false,
    silent: true,
  });
  return collection.features[0] ?? null;
}
