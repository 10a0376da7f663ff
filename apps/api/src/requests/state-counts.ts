import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';

// The requests per state and signature flag that the database keeps (request_state_count,
// migration 0033): rows of signed numbers appended by triggers of `request`, the count of a pair
// being the sum of its rows.

/** The pairs with requests and their numbers: a sum over a few rows per pair. */
export async function keptStateCounts(
  db: Kysely<Database>,
): Promise<{ stateId: number; sendToSign: boolean; total: number }[]> {
  const { rows } = await sql<{ stateId: number; sendToSign: boolean; total: number | string }>`
    SELECT state_id AS "stateId", send_to_sign AS "sendToSign", sum(total) AS total
    FROM request_state_count GROUP BY state_id, send_to_sign HAVING sum(total) <> 0
    ORDER BY state_id, send_to_sign`.execute(db);
  return rows.map((row) => ({ ...row, total: Number(row.total) }));
}

/**
 * Folds each pair's rows into one (scheduled, jobs/scheduler.ts), in one statement: the rows it
 * reads are deleted and their sums written back; rows appended meanwhile by other transactions are
 * not among those read, and stay. Returns how many rows were folded.
 */
export async function foldStateCounts(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ folded: number | string }>`
    WITH folded AS (DELETE FROM request_state_count RETURNING state_id, send_to_sign, total),
    written AS (
      INSERT INTO request_state_count (state_id, send_to_sign, total)
      SELECT state_id, send_to_sign, sum(total) FROM folded
      GROUP BY state_id, send_to_sign HAVING sum(total) <> 0
    )
    SELECT count(*) AS folded FROM folded`.execute(db);
  return Number(rows[0]?.folded ?? 0);
}
