import type {
  CommuneAt,
  LonLatPoint,
  PlotsAnswer,
  PlotsQuery,
  TronconAnswer,
  TronconQuery,
  ZoneAt,
} from '@voirie/domain';
import { http } from '../../../api';

// The wizard's spatial calls (docs/gis-api.md). They show the 'Chargement...'
// overlay, as every call of the original did; failures are announced by the HTTP client.
// Bodies and answers are typed by the API's own schemas (packages/domain, schemas/geo-*.ts).

/** POST plots: the parcels under the drawn shapes ('nearby': the riverside parcels within 10 m). */
export async function postPlots(body: PlotsQuery) {
  return (await http.post<PlotsAnswer>('plots', body)).data;
}

/** POST troncon: the road segment nearest the shapes within 30 m, or 0 when none. */
export async function postTroncon(body: TronconQuery) {
  return (await http.post<TronconAnswer>('troncon', body)).data;
}

/** POST zone: the operation zone at the point, or null. */
export async function postZone(body: LonLatPoint) {
  return (await http.post<ZoneAt | null>('zone', body)).data;
}

/** GET commune/at: the member town at the point, or null outside the community. */
export async function fetchCommuneAt([lon, lat]: readonly [number, number]) {
  const query = new URLSearchParams({ lon: String(lon), lat: String(lat) });
  return (
    await http.get<CommuneAt | null>(`commune/at?${query.toString()}`, { overlay: false, silent: true })
  ).data;
}
