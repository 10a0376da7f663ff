import type { Kysely } from 'kysely';
import { CONSULTATION_IMPORT_MESSAGES, type ConsultationImportResult } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import type { UploadParts } from '../files/upload-parts.ts';
import type { Actor } from '../policies/visibility.ts';
import { formatSummary, ImportError, ImportProblems, importConsultations } from './import/index.ts';
import { layerImportHistory, uploadedLayerFile } from './import/uploaded-layer.ts';

// `POST consultations/import` (docs/gis-api.md "Consultations"): the administrator's import of the
// Plat'AU consultations, the same importer as `npm run import -- consultations FILE`, in one
// transaction with its history entry. A bad file changes nothing, and every bad feature is named.

/**
 * Most consultations one upload may carry: its import holds the embedded database's one
 * connection. A larger file goes through the command line (docs/data-import.md).
 */
export const CONSULTATION_UPLOAD_MAX_FEATURES = 5000;
/** Most bad features named in one refusal: enough to correct a file, short enough to read. */
export const CONSULTATION_PROBLEMS_REPORTED = 50;

/** Imports the uploaded GeoJSON (`file`, gzip allowed); answers what it did and its French summary. */
export async function importConsultationsUpload(
  db: Kysely<Database>,
  actor: Actor,
  parts: UploadParts,
): Promise<{ result: ConsultationImportResult; message: string }> {
  const file = uploadedLayerFile(parts);
  try {
    const summary = await importConsultations(db, file.received.tempPath, {
      reportProblems: CONSULTATION_PROBLEMS_REPORTED,
      maxRecords: {
        count: CONSULTATION_UPLOAD_MAX_FEATURES,
        tooMany: CONSULTATION_IMPORT_MESSAGES.tooManyFeatures,
      },
      audit: layerImportHistory(actor, {
        entity: 'consultation',
        context: 'Consultations Plat’AU importées',
        file,
      }),
    });
    const { read, inserted, updated, skipped, skippedReasons, durationMs } = summary;
    return {
      result: { read, inserted, updated, skipped, skippedReasons, durationMs },
      message: formatSummary({ ...summary, source: file.filename || summary.source }),
    };
  } catch (error) {
    if (error instanceof ImportProblems)
      throw new AppError('VALIDATION', CONSULTATION_IMPORT_MESSAGES.refused(error.problems.length), {
        errors: error.problems.map((problem) => ({ path: 'file', message: problem.message })),
      });
    // A fault of the whole file (unreadable JSON, too many features): one message.
    if (error instanceof ImportError)
      throw new AppError('VALIDATION', CONSULTATION_IMPORT_MESSAGES.fileRefused(error.message), {
        errors: [{ path: 'file', message: error.message }],
      });
    throw error;
  }
}
