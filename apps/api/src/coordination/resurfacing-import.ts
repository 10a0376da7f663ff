import type { Kysely } from 'kysely';
import type { ResurfacingImportResult } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { UploadParts } from '../files/upload-parts.ts';
import { formatSummary, ImportError, importResurfacing } from '../geo/import/index.ts';
import { layerImportHistory, uploadedLayerFile } from '../geo/import/uploaded-layer.ts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/visibility.ts';

// `POST coordination/resurfacing` (docs/coordination.md): the administrator's import of the
// resurfaced roads, the same importer as `npm run import -- resurfacing FILE`, in one transaction
// with its history entry; bad input names its feature and changes nothing.

/**
 * Most resurfacings one upload may carry: its import holds the embedded database's
 * one connection, one to two seconds at this size. A larger layer is imported by the command
 * line (`npm run import -- resurfacing FICHIER`, docs/data-import.md).
 */
export const RESURFACING_UPLOAD_MAX_FEATURES = 5000;

export const RESURFACING_IMPORT_MESSAGES = {
  tooManyFeatures:
    'Le fichier compte plus de 5 000 réfections ; importez-le par la commande « npm run import -- resurfacing FICHIER » (voir docs/data-import.md).',
  refused: (reason: string) => `Import annulé : ${reason} Aucune donnée n'a été modifiée.`,
} as const;

/**
 * Imports the uploaded layer (`file`, GeoJSON, gzip allowed); `keepMissing` = 'true' keeps the
 * resurfacings the file does not have (by default the file is the whole layer). Answers what the
 * import did and its French summary.
 */
export async function importResurfacingUpload(
  db: Kysely<Database>,
  actor: Actor,
  parts: UploadParts,
): Promise<{ result: ResurfacingImportResult; message: string }> {
  const file = uploadedLayerFile(parts);
  const keepMissing = parts.fields.get('keepMissing') === 'true';
  try {
    const summary = await importResurfacing(db, file.received.tempPath, {
      replace: !keepMissing,
      maxRecords: {
        count: RESURFACING_UPLOAD_MAX_FEATURES,
        tooMany: RESURFACING_IMPORT_MESSAGES.tooManyFeatures,
      },
      audit: layerImportHistory(actor, {
        entity: 'coordination',
        context: 'Couche des réfections de voirie importée',
        file,
      }),
    });
    const { kind: _kind, source: _source, ...result } = summary;
    return { result, message: formatSummary({ ...summary, source: file.filename || summary.source }) };
  } catch (error) {
    if (error instanceof ImportError)
      throw new AppError('VALIDATION', RESURFACING_IMPORT_MESSAGES.refused(error.message));
    throw error;
  }
}
