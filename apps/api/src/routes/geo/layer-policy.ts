import type { FastifyReply } from 'fastify';
import { publicRoute } from '../../http/policy.ts';

/** The local map layers carry open data only (IGN boundaries, road network, Etalab cadastre), never a person. */
export const layerPolicy = () =>
  publicRoute('map layers: open geographic data (towns, roads, cadastre), no personal data');

/** GeoJSON text, cacheable for a few minutes by the browser and proxies. */
export function sendGeoJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/geo+json').header('cache-control', 'public, max-age=300').send(json);
}
