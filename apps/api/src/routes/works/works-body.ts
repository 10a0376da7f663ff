import type { FastifyRequest } from 'fastify';
import type { WorkflowAction } from '@voirie/domain';
import { z } from 'zod';
import { FilePartSchema, validatedByService } from '../../http/body-schema.ts';
import { currentUser } from '../../http/authenticate.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import type { FileStore } from '../../files/file-store.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { assertMayUpload } from '../../requests/upload-guard.ts';
import type { WorksBody } from '../../requests/works/reception-service.ts';

/** The photos' positions part, as OpenAPI shows it. */
const PositionsPartSchema = z.string().optional().meta({
  description: 'JSON : position de l’appareil par partie, {"document-104": {"lat": 43.66, "lon": -1.31}}',
});

/**
 * A works-phase body: its JSON alone, or multipart with that JSON in one part (`jsonPart`, absent
 * for the reception request whose fields are plain) beside files and the photos' positions.
 * Declared for OpenAPI and the fuzz; parsed by the service once the actor's right is known.
 */
export function worksBody(
  json: z.ZodType,
  parts: { files: Record<string, string>; fields?: Record<string, string>; jsonPart?: string },
) {
  const described = (entries: Record<string, string>, schema: z.ZodType) =>
    Object.fromEntries(
      Object.entries(entries).map(([name, description]) => [name, schema.meta({ description })]),
    );
  const multipart = z.object({
    ...(parts.jsonPart ? { [parts.jsonPart]: z.string().meta({ description: 'Le JSON de l’action' }) } : {}),
    ...described(parts.fields ?? {}, z.string()),
    ...described(parts.files, FilePartSchema.optional()),
    positions: PositionsPartSchema,
  });
  return validatedByService(json.or(multipart));
}

/**
 * Reads a works-phase body: multipart (the actor's right to `action` checked before a byte of a
 * file is written, the files to temporary files within the works limits) or JSON. Runs `work`
 * and always drops the temporary files.
 */
export async function withWorksBody<T>(
  request: FastifyRequest<{ Params: { id: string } }>,
  deps: { db: Kysely<Database>; store: FileStore; maxBytes: number },
  action: WorkflowAction,
  work: (body: WorksBody) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) return work({ json: request.body });
  await assertMayUpload(deps.db, currentUser(request), request.params.id, { actions: [action] });
  return withUploadParts(request, deps.store, { maxBytes: deps.maxBytes, limits: UPLOAD_LIMITS.works }, work);
}
