// Importers of the official formats (docs/data-import.md): a library; the CLI
// (src/cli/import.ts) and the demo seed (src/seed/demo-geography.ts) are thin callers.
export { importParcels } from './parcels.ts';
export { importAddresses, BAN_COLUMNS, BAN_REQUIRED_COLUMNS } from './addresses.ts';
export { importRoads, isDemoGeography, DEMO_GEOGRAPHY_SETTING, type RoadImportOptions } from './roads.ts';
export { importZones } from './zones.ts';
export { ImportError, type ImportKind, type ImportLocation } from './errors.ts';
export type { ImportOptions, ImportProgress, ImportSummary } from './run.ts';
export type { ImportInput } from './source.ts';
export { formatSummary, formatProgress, KIND_LABELS } from './summary.ts';
export { createProgressBar, type ProgressBar } from './progress-bar.ts';
export {
  ROAD_WAY_TYPES,
  OTHER_WAY_TYPES,
  classifyRoad,
  detectRoadFormat,
  type RoadFormat,
} from './road-classification.ts';

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import type { ImportKind } from './errors.ts';
import { importAddresses } from './addresses.ts';
import { importParcels } from './parcels.ts';
import { importRoads, type RoadImportOptions } from './roads.ts';
import type { ImportSummary } from './run.ts';
import type { ImportInput } from './source.ts';
import { importZones } from './zones.ts';

export const IMPORT_KINDS: readonly ImportKind[] = ['roads', 'parcels', 'addresses', 'zones'];

/** Runs the importer of a kind. */
export function importKind(
  db: Kysely<Database>,
  kind: ImportKind,
  input: ImportInput,
  options: RoadImportOptions = {},
): Promise<ImportSummary> {
  switch (kind) {
    case 'roads':
      return importRoads(db, input, options);
    case 'parcels':
      return importParcels(db, input, options);
    case 'addresses':
      return importAddresses(db, input, options);
    case 'zones':
      return importZones(db, input, options);
  }
}
