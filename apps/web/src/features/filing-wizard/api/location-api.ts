import type { GeometryCollection } from '@voirie/domain';
import { http } from '../../../api';

// The wizard's spatial calls (spec 1 §7, docs/gis-api.md). They show the 'Chargement...'
// overlay, as every call of the original did; failures are announced by the HTTP client.

export interface PlotsAnswer {
  plots: string[];
  sections: string[];
  /** 'nearby': nothing under the shape, the riverside parcels within 10 m. */
  match?: 'intersects' | 'nearby';
}

/** POST plots: the parcels under the drawn shapes. */
export async function postPlots(body: { dep: string | null; geom: GeometryCollection }) {
  return (await http.post<PlotsAnswer>('plots', body)).data;
}

/** A road segment of POST troncon. */
export interface TronconAnswer {
  id: number;
  typevoie: string;
  nom: string | null;
  numero: string | null;
  inUrban: boolean;
  distance: number;
}

/** POST troncon: the road segment nearest the shapes within 30 m, or 0 when none. */
export async function postTroncon(body: { geom: GeometryCollection }) {
  return (await http.post<TronconAnswer | 0>('troncon', body)).data;
}

/** POST zone: the operation zone at the point, or null. */
export async function postZone(body: { lon: number; lat: number }) {
  return (await http.post<{ code_ope: string; name?: string | null } | null>('zone', body)).data;
}

export interface CommuneAnswer {
  insee: string;
  name: string;
  postalCode: string;
  postalCodes: string[];
}

/** GET commune/at: the member town at the point, or null outside the community. */
export async function fetchCommuneAt([lon, lat]: readonly [number, number]) {
  const query = new URLSearchParams({ lon: String(lon), lat: String(lat) });
  return (
    await http.get<CommuneAnswer | null>(`commune/at?${query.toString()}`, { overlay: false, silent: true })
  ).data;
}
