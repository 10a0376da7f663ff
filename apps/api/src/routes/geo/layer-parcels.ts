import { z } from 'zod';
import { GEO_MESSAGES, ParcelsLayerSchema } from '@voirie/domain';
import { bareReplies } from '../../http/envelope.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { PARCELS_MAX_SPAN, parcelsLayer } from '../../geo/services/index.ts';
import { BBoxSchema, bboxSpan, ZoomSchema } from './geo-schemas.ts';
import { layerPolicy, sendGeoJson } from './layer-policy.ts';

const ParcelsQuerySchema = z
  .object({ bbox: BBoxSchema, zoom: ZoomSchema.optional() })
  .superRefine((query, ctx) => {
    if (bboxSpan(query.bbox) > PARCELS_MAX_SPAN)
      ctx.addIssue({ code: 'custom', message: GEO_MESSAGES.bboxTooLarge, path: ['bbox'] });
  });

/** GET layers/parcels?bbox&zoom: cadastral parcels in the bbox from zoom 16, else none (properties id, section, numero, insee). */
export function parcelsLayerRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/layers/parcels',
    {
      config: { policy: layerPolicy() },
      schema: {
        tags: ['Couches'],
        summary: 'Couche des parcelles (GeoJSON, à partir du zoom 16)',
        querystring: ParcelsQuerySchema,
        response: bareReplies(ParcelsLayerSchema),
      },
    },
    async (request, reply) =>
      sendGeoJson(reply, await parcelsLayer(ctx.db, request.query.bbox, request.query.zoom)),
  );
}
