import type { FastifyReply } from 'fastify';
import { publicRoute } from '../../http/policy.ts';

/** The local map layers carry open data only (IGN boundaries, road network, Etalab cadastre), never a person. */
export const layerPolicy = () =>
  publicRoute('map layers: open geographic data (towns, roads, cadastre), no personal data');

/**
 * GeoJSON text, cacheable for a few minutes by the browser and proxies; a layer of the staff
 * (`private`) is kept by no cache, as every answer that is not open data (http/caching.ts).
 */
export function sendGeoJson(
  reply: FastifyReply,
  json: string,
  access: 'public' | 'private' = 'public',
): FastifyReply {
  const typed = reply.type('application/geo+json');
  return (access === 'public' ? typed.header('cache-control', 'public, max-age=300') : typed).send(json);
}
