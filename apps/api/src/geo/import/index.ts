// Importers of the official formats (docs/data-import.md): a library; the CLI
// (src/cli/import.ts) and the demo seed (src/seed/demo-geography.ts) are thin callers.
export { importParcels } from './parcels.ts';
export { importAddresses } from './addresses.ts';
export { importRoads, isDemoGeography, type RoadImportOptions } from './roads.ts';
export { importZones } from './zones.ts';
export { importResurfacing } from './resurfacing.ts';
export { importConsultations } from './consultations.ts';
export { ImportError, ImportProblems, type ImportKind } from './errors.ts';
export type { ImportOptions, ImportSummary } from './run.ts';
export type { ImportInput } from './source.ts';
export { formatSummary } from './summary.ts';
export { createProgressBar } from './progress-bar.ts';
export { type RoadFormat } from './road-classification.ts';

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import type { ImportKind } from './errors.ts';
import { importAddresses } from './addresses.ts';
import { importParcels } from './parcels.ts';
import { importRoads, type RoadImportOptions } from './roads.ts';
import type { ImportSummary } from './run.ts';
import type { ImportInput } from './source.ts';
import { importZones } from './zones.ts';
import { importResurfacing } from './resurfacing.ts';
import { importConsultations } from './consultations.ts';

const IMPORTS: Record<
  ImportKind,
  (db: Kysely<Database>, input: ImportInput, options: RoadImportOptions) => Promise<ImportSummary>
> = {
  roads: importRoads,
  parcels: importParcels,
  addresses: importAddresses,
  zones: importZones,
  resurfacing: importResurfacing,
  consultations: importConsultations,
};

/** Runs the importer of a kind. */
export function importKind(
  db: Kysely<Database>,
  kind: ImportKind,
  input: ImportInput,
  options: RoadImportOptions = {},
): Promise<ImportSummary> {
  return IMPORTS[kind](db, input, options);
}
