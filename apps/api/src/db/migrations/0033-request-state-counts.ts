import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The tab counts of those who see every request (docs/api-requests.md "Counts"), kept instead of
 * counted: `request_state_count` holds signed numbers of requests per (state, signature flag),
 * appended by PostgreSQL itself in the transaction of every insert, update and delete of
 * `request` — one statement-level trigger per operation, reading the statement's transition
 * tables, so that a bulk insert of a million rows appends one row per pair, not a million. The
 * count of a pair is the sum of its rows. Appended, never updated: two transactions never wait
 * for each other here, whatever states they move between. A scheduled job folds the rows into one
 * per pair (requests/state-counts.ts); a TRUNCATE (a restore) empties the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE request_state_count (
      state_id integer NOT NULL,
      send_to_sign boolean NOT NULL,
      total bigint NOT NULL
    )`,
    `INSERT INTO request_state_count (state_id, send_to_sign, total)
      SELECT state_id, send_to_sign, count(*) FROM request GROUP BY state_id, send_to_sign`,
    // Each branch names only the transition tables its operation has (plpgsql plans a statement
    // when it first runs it).
    `CREATE FUNCTION request_state_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO request_state_count (state_id, send_to_sign, total)
          SELECT state_id, send_to_sign, count(*) FROM new_rows GROUP BY state_id, send_to_sign;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO request_state_count (state_id, send_to_sign, total)
          SELECT state_id, send_to_sign, -count(*) FROM old_rows GROUP BY state_id, send_to_sign;
      ELSE
        INSERT INTO request_state_count (state_id, send_to_sign, total)
          SELECT state_id, send_to_sign, sum(delta) FROM (
            SELECT state_id, send_to_sign, 1 AS delta FROM new_rows
            UNION ALL
            SELECT state_id, send_to_sign, -1 FROM old_rows
          ) moved
          GROUP BY state_id, send_to_sign HAVING sum(delta) <> 0;
      END IF;
      RETURN NULL;
    END $$`,
    `CREATE TRIGGER request_state_count_insert AFTER INSERT ON request
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_state_count_change()`,
    `CREATE TRIGGER request_state_count_update AFTER UPDATE ON request
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION request_state_count_change()`,
    `CREATE TRIGGER request_state_count_delete AFTER DELETE ON request
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_state_count_change()`,
    `CREATE FUNCTION request_state_count_clear() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM request_state_count;
      RETURN NULL;
    END $$`,
    `CREATE TRIGGER request_state_count_truncate AFTER TRUNCATE ON request
      FOR EACH STATEMENT EXECUTE FUNCTION request_state_count_clear()`,
  ]);
}
