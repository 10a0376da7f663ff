import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import type { UploadedPart, UploadParts } from '../../files/upload-parts.ts';
import { writeHistory } from '../../history/history.ts';
import type { Actor } from '../../policies/visibility.ts';
import type { ImportSummary } from './run.ts';

// What the administrators' layer uploads share (the resurfaced roads, docs/coordination.md; the
// Plat'AU consultations, docs/gis-api.md): the file part, and the history entry written in the
// import's transaction.

export const LAYER_UPLOAD_MESSAGES = {
  fileRequired: 'Veuillez joindre un fichier GeoJSON.',
  empty: 'Le fichier est vide.',
  tooLarge: 'Le fichier envoyé est trop volumineux.',
} as const;

/** The uploaded GeoJSON (`file`): present, not cut at the size limit, not empty — else a French 400/413. */
export function uploadedLayerFile(parts: UploadParts): UploadedPart {
  const file = parts.files.find((part) => part.fieldname === 'file');
  if (!file) throw new AppError('VALIDATION', LAYER_UPLOAD_MESSAGES.fileRequired);
  if (file.received.truncated) throw new AppError('PAYLOAD_TOO_LARGE', LAYER_UPLOAD_MESSAGES.tooLarge);
  if (file.received.size === 0) throw new AppError('VALIDATION', LAYER_UPLOAD_MESSAGES.empty);
  return file;
}

/** The import's history entry: who sent which file, and what it read and wrote. */
export function layerImportHistory(
  actor: Actor,
  entry: { entity: string; context: string; file: UploadedPart },
): (trx: Kysely<Database>, done: ImportSummary) => Promise<void> {
  return (trx, done) =>
    writeHistory(trx, {
      entity: entry.entity,
      entityId: null,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: entry.context,
      data: {
        file: entry.file.filename,
        read: done.read,
        inserted: done.inserted,
        updated: done.updated,
        skipped: done.skipped,
        deleted: done.deleted,
      },
    });
}
