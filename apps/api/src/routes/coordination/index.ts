import { z } from 'zod';
import {
  CAPABILITIES,
  ConflictSearchInputSchema,
  CoordinationReportSchema,
  CoordinationSettingsSchema,
  CoordinationSettingsViewSchema,
  ResurfacingImportResultSchema,
} from '@voirie/domain';
import { loadCoordination, searchConflicts } from '../../coordination/coordination-service.ts';
import {
  loadCoordinationSettings,
  saveCoordinationSettings,
} from '../../coordination/coordination-settings.ts';
import { importResurfacingUpload } from '../../coordination/resurfacing-import.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import { currentUser } from '../../http/authenticate.ts';
import { FilePartSchema, multipartBody } from '../../http/body-schema.ts';
import { ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { RequestIdParamsSchema } from '../requests/request-cancel.ts';

const TAGS = ['Coordination des travaux'];
const ADMINS = withRoles(...CAPABILITIES.manageCoordination);

/**
 * Coordination of works (docs/coordination.md): a request's conflicts and recent
 * resurfacings for the roles of the domain's `readCoordination` (road managers, instructors,
 * administrators — never an applicant: they are other people's requests), the search on demand
 * for `searchConflicts`, the settings for `manageCoordination`.
 */
export function coordinationRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/request/:id/conflicts',
    {
      config: { policy: withRoles(...CAPABILITIES.readCoordination) },
      schema: {
        tags: TAGS,
        summary: "Conflits d'une demande : autres travaux proches et réfections récentes",
        params: RequestIdParamsSchema,
        response: replies(CoordinationReportSchema),
      },
    },
    async (request) => ok(await loadCoordination(ctx.db, currentUser(request), request.params.id)),
  );

  app.post(
    '/api/request/:id/conflicts',
    {
      config: { policy: withRoles(...CAPABILITIES.searchConflicts) },
      schema: {
        tags: TAGS,
        summary: 'Rechercher les conflits (enregistré avec la demande)',
        params: RequestIdParamsSchema,
        body: ConflictSearchInputSchema,
        response: replies(CoordinationReportSchema),
      },
    },
    async (request) => {
      const found = await searchConflicts(
        ctx.db,
        currentUser(request),
        request.params.id,
        request.body.trigger,
      );
      const count = found.conflicts.length;
      return ok(
        found,
        count === 0
          ? 'Aucun conflit trouvé.'
          : `${String(count)} conflit${count > 1 ? 's' : ''} trouvé${count > 1 ? 's' : ''}.`,
      );
    },
  );

  app.get(
    '/api/coordination/settings',
    {
      config: { policy: ADMINS },
      schema: {
        tags: TAGS,
        summary: 'Paramètres de la coordination et couche des réfections',
        response: replies(CoordinationSettingsViewSchema),
      },
    },
    async () => ok(await loadCoordinationSettings(ctx.db)),
  );

  app.put(
    '/api/coordination/settings',
    {
      config: { policy: ADMINS },
      schema: {
        tags: TAGS,
        summary: 'Modifier la distance et l’ancienneté des réfections récentes',
        body: CoordinationSettingsSchema,
        response: replies(CoordinationSettingsViewSchema),
      },
    },
    async (request) =>
      ok(
        await saveCoordinationSettings(ctx.db, currentUser(request), request.body),
        'Paramètres enregistrés.',
      ),
  );
}

/** `POST coordination/resurfacing`: the resurfacing layer's import (multipart scope). */
export function resurfacingImportRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/coordination/resurfacing',
    {
      config: { policy: ADMINS },
      schema: {
        tags: TAGS,
        summary: 'Importer la couche des réfections de voirie (GeoJSON, multipart : keepMissing, file)',
        consumes: ['multipart/form-data'],
        body: multipartBody({
          keepMissing: z.string().optional().meta({
            description: "'true' : garder les réfections absentes du fichier (défaut : remplacées)",
          }),
          file: FilePartSchema,
        }),
        response: replies(ResurfacingImportResultSchema),
      },
    },
    async (request) => {
      const options = { maxBytes: ctx.filing.maxBytes, limits: UPLOAD_LIMITS.singleFile };
      return withUploadParts(request, ctx.filing.store, options, async (parts) => {
        const { result, message } = await importResurfacingUpload(ctx.db, currentUser(request), parts);
        return ok(result, message);
      });
    },
  );
}
