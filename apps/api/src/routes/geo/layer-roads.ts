import { z } from 'zod';
import { GEO_MESSAGES, RoadsLayerSchema } from '@voirie/domain';
import { bareReplies } from '../../http/envelope.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import {
  ROADS_MAX_SPAN,
  ROADS_MAX_SPAN_LOW_ZOOM,
  ROADS_MIN_ZOOM,
  roadsLayer,
} from '../../geo/services/index.ts';
import { BBoxSchema, bboxSpan, ZoomSchema } from './geo-schemas.ts';
import { layerPolicy, sendGeoJson } from './layer-policy.ts';

const RoadsQuerySchema = z
  .object({ bbox: BBoxSchema, zoom: ZoomSchema.default(ROADS_MIN_ZOOM) })
  .superRefine((query, ctx) => {
    const span = bboxSpan(query.bbox);
    if (span > ROADS_MAX_SPAN || (query.zoom < ROADS_MIN_ZOOM && span > ROADS_MAX_SPAN_LOW_ZOOM)) {
      ctx.addIssue({ code: 'custom', message: GEO_MESSAGES.bboxTooLarge, path: ['bbox'] });
    }
  });

/** GET layers/roads?bbox&zoom: road segments in the bbox (properties id, typevoie, nom, numero, accepted). */
export function roadsLayerRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/layers/roads',
    {
      config: { policy: layerPolicy() },
      schema: {
        tags: ['Couches'],
        summary: 'Couche des voies par type (GeoJSON, limitée à la bbox)',
        querystring: RoadsQuerySchema,
        response: bareReplies(RoadsLayerSchema),
      },
    },
    async (request, reply) =>
      sendGeoJson(reply, await roadsLayer(ctx.db, request.query.bbox, request.query.zoom)),
  );
}
