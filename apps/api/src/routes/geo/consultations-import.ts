import { CAPABILITIES, ConsultationImportResultSchema } from '@voirie/domain';
import { importConsultationsUpload } from '../../geo/consultations-upload.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import { currentUser } from '../../http/authenticate.ts';
import { FilePartSchema, multipartBody } from '../../http/body-schema.ts';
import { ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';

/**
 * `POST consultations/import` (multipart `file`): the administrator's import of the Plat'AU
 * consultations (docs/gis-api.md "Consultations"); registered in the multipart scope.
 */
export function consultationsImportRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/consultations/import',
    {
      config: { policy: withRoles(...CAPABILITIES.importConsultations) },
      schema: {
        tags: ['Couches'],
        summary: 'Importer des consultations Plat’AU (GeoJSON avec platau_id et service, multipart : file)',
        consumes: ['multipart/form-data'],
        body: multipartBody({ file: FilePartSchema }),
        response: replies(ConsultationImportResultSchema),
      },
    },
    async (request) => {
      const options = { maxBytes: ctx.filing.maxBytes, limits: UPLOAD_LIMITS.singleFile };
      return withUploadParts(request, ctx.filing.store, options, async (parts) => {
        const { result, message } = await importConsultationsUpload(ctx.db, currentUser(request), parts);
        return ok(result, message);
      });
    },
  );
}
