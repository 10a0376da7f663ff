import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Coordination of works (docs/coordination.md):
 * - `cerfa14023.prescription_coordination`: the coordination prescription the instructor adds to
 *   a favourable decision; the order prints it.
 * - `road_resurfacing`: the resurfaced roads an administrator imports (lines or polygons, with the
 *   day of the resurfacing), keyed by the feature's id (or a hash of its day and shape).
 * - `request_conflict_check`: the latest search of each kind (at filing, on demand, before the
 *   decision) with what it found, so that the detail says when conflicts were last looked for.
 * - the indexes of the conflict search at 100 000 requests: the footprints (GiST) and the works
 *   periods (a GiST index on the day range) of the permissions that can conflict — in force or
 *   under instruction, with a start day; the predicate is the one the search writes, so that the
 *   planner picks them. The period is the one of the domain's `worksPeriod` (an end before the
 *   start counts as the start alone: daterange refuses an inverted range).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE cerfa14023 ADD COLUMN prescription_coordination text',
    `CREATE TABLE road_resurfacing (
      id serial PRIMARY KEY,
      source_id text NOT NULL UNIQUE,
      name text,
      resurfaced_on date NOT NULL,
      geom geometry(Geometry, 4326) NOT NULL,
      imported_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX road_resurfacing_geom_idx ON road_resurfacing USING gist (geom)',
    'CREATE INDEX road_resurfacing_day_idx ON road_resurfacing (resurfaced_on)',
    `CREATE TABLE request_conflict_check (
      request_id integer NOT NULL REFERENCES request (id) ON DELETE CASCADE,
      trigger text NOT NULL CHECK (trigger IN ('filing', 'demand', 'decision')),
      checked_at timestamptz NOT NULL DEFAULT now(),
      checked_by integer REFERENCES std_user (id) ON DELETE SET NULL,
      conflict_count integer NOT NULL CHECK (conflict_count >= 0),
      resurfacing_count integer NOT NULL CHECK (resurfacing_count >= 0),
      PRIMARY KEY (request_id, trigger)
    )`,
    `CREATE INDEX request_coordination_geom_idx ON request USING gist (the_geom)
      WHERE type IN (1, 3) AND state_id IN (3, 4, 6, 7, 8, 9, 12, 13, 999) AND date_start IS NOT NULL`,
    `CREATE INDEX request_coordination_period_idx ON request
      USING gist (daterange(date_start, greatest(date_start, coalesce(date_end, date_start)), '[]'))
      WHERE type IN (1, 3) AND state_id IN (3, 4, 6, 7, 8, 9, 12, 13, 999) AND date_start IS NOT NULL`,
  ]);
}
