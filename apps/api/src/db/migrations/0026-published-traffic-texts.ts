import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The traffic-police order is published once signed, and prints none of the free texts
 * the applicant typed in the cerfa 14024 (they may name people, a house, a phone). The instructor
 * words the detour route and the other prescriptions the published order prints.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE cerfa14024 ADD COLUMN published_detour_route text',
    'ALTER TABLE cerfa14024 ADD COLUMN published_other_prescriptions text',
  ]);
}
