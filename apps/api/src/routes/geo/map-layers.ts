import { z } from 'zod';
import { MapLayerSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { listMapLayers } from '../../geo/services/index.ts';

/** GET map-layers: the base and overlay layers of the maps (docs/data-model.md "Entities"). */
export function mapLayersRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/map-layers',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Couches de la carte',
        response: replies(z.array(MapLayerSchema)),
      },
    },
    async () => ok(await listMapLayers(ctx.db)),
  );
}
