import { z } from 'zod';
import { CAPABILITIES, ConsultationsLayerSchema, GEO_MESSAGES } from '@voirie/domain';
import { bareReplies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { CONSULTATIONS_MAX_SPAN, consultationsLayer } from '../../geo/services/index.ts';
import { BBoxSchema, bboxSpan, ZoomSchema } from './geo-schemas.ts';
import { sendGeoJson } from './layer-policy.ts';

const ConsultationsQuerySchema = z
  // The map sends its zoom with every bbox layer; consultations are few and never simplified.
  .object({ bbox: BBoxSchema, zoom: ZoomSchema.optional() })
  .superRefine((query, ctx) => {
    if (bboxSpan(query.bbox) > CONSULTATIONS_MAX_SPAN)
      ctx.addIssue({ code: 'custom', message: GEO_MESSAGES.bboxTooLarge, path: ['bbox'] });
  });

/**
 * GET layers/consultations?bbox: the Plat'AU consultations in the bbox (properties id, platau_id,
 * service), for the staff (the domain's `readConsultations`): unlike the open layers they are
 * about other people's files, so the answer is private to the browser.
 */
export function consultationsLayerRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/layers/consultations',
    {
      config: { policy: withRoles(...CAPABILITIES.readConsultations) },
      schema: {
        tags: ['Couches'],
        summary: 'Couche des consultations Plat’AU (GeoJSON, limitée à la bbox)',
        querystring: ConsultationsQuerySchema,
        response: bareReplies(ConsultationsLayerSchema),
      },
    },
    async (request, reply) =>
      sendGeoJson(reply, await consultationsLayer(ctx.db, request.query.bbox), 'private'),
  );
}
