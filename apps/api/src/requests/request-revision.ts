import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';

// The requests' revision (migration 0034): the sum of request_revision's numbers, one appended
// by every statement that writes a table the list reads, in that statement's transaction.

/** The revision as SQL, to be read in the same statement (the same snapshot) as the rows it versions. */
export const REVISION_SQL = sql<string>`(SELECT coalesce(sum(n), 0)::text FROM request_revision)`;

/** The requests' revision: a sum over the few rows appended since the last fold. */
export async function requestRevision(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ revision: string }>`SELECT ${REVISION_SQL} AS revision`.execute(db);
  return rows[0]!.revision;
}

/**
 * Folds the revision's rows into one (scheduled with the state counts, jobs/scheduler.ts), in one
 * statement: the rows it reads are deleted and their sum written back, so the revision is the
 * same; rows appended meanwhile by other transactions are not among those read, and stay.
 */
export async function foldRequestRevision(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ folded: number | string }>`
    WITH folded AS (DELETE FROM request_revision RETURNING n),
    written AS (INSERT INTO request_revision (n) SELECT sum(n) FROM folded HAVING count(*) > 0)
    SELECT count(*) AS folded FROM folded`.execute(db);
  return Number(rows[0]?.folded ?? 0);
}
