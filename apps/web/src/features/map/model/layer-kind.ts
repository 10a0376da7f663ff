import type { MapLayer } from '@voirie/domain';

/** What a local layer shows, from the table it reads (`map`), its name or its URL. */
export type LocalLayerKind = 'towns' | 'roads' | 'parcels' | 'consultations' | 'other';

export function localLayerKind(row: Pick<MapLayer, 'map' | 'layerName' | 'url'>): LocalLayerKind {
  const key = `${row.map ?? ''} ${row.layerName} ${row.url}`.toLowerCase();
  if (/commune/.test(key)) return 'towns';
  if (/road|troncon/.test(key)) return 'roads';
  if (/parcel/.test(key)) return 'parcels';
  if (/consultation/.test(key)) return 'consultations';
  return 'other';
}

/** Where the roads and parcels layers are served (docs/gis-api.md), from the map-layers rows. */
export function localLayerUrls(rows: readonly MapLayer[] | undefined) {
  const urlOf = (kind: LocalLayerKind, fallback: string) =>
    rows?.find((row) => row.type === 'mapserver' && localLayerKind(row) === kind)?.url ?? fallback;
  return { roads: urlOf('roads', '/api/layers/roads'), parcels: urlOf('parcels', '/api/layers/parcels') };
}
