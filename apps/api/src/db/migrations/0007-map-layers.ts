import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The local vector layers are served at /api/layers/roads and /api/layers/parcels (the API
 * speaks English in its paths, docs/gis-api.md); 0002 seeded them as 'troncons' and
 * 'parcelles'. Only the URL moves: the layer names stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `UPDATE map_layer SET url = '/api/layers/roads' WHERE url = '/api/layers/troncons'`,
    `UPDATE map_layer SET url = '/api/layers/parcels' WHERE url = '/api/layers/parcelles'`,
  ]);
}
