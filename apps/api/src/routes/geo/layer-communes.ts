import { CommunesLayerSchema } from '@voirie/domain';
import { bareReplies } from '../../http/envelope.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { communesLayer } from '../../geo/services/index.ts';
import { layerPolicy, sendGeoJson } from './layer-policy.ts';

/** GET layers/communes: the 23 member towns, simplified (properties insee, name, postalCode). */
export function communesLayerRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/layers/communes',
    {
      config: { policy: layerPolicy() },
      schema: {
        tags: ['Couches'],
        summary: 'Couche des communes membres (GeoJSON)',
        response: bareReplies(CommunesLayerSchema),
      },
    },
    async (_request, reply) => sendGeoJson(reply, await communesLayer(ctx.db)),
  );
}
