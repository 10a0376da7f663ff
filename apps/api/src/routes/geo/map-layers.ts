import { z } from 'zod';
import { MapLayerSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { currentUser } from '../../http/authenticate.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { listMapLayers } from '../../geo/services/index.ts';

/**
 * GET map-layers: the base and overlay layers of the maps (docs/data-model.md "Entities"), those
 * of the viewer's capabilities (the staff's consultations, docs/gis-api.md "Map layers").
 */
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
    async (request) => ok(await listMapLayers(ctx.db, currentUser(request))),
  );
}
