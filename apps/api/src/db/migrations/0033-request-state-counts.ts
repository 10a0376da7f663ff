import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The tab counts of those who see every request (docs/api-requests.md "Counts"), kept instead of
 * counted: `request_state_count` holds the number of requests per (state, signature flag), written
 * by PostgreSQL itself in the transaction of every insert, update and delete of `request` — one
 * statement-level trigger per operation, reading the statement's transition tables, so that a
 * bulk insert of a million rows adds one row per pair, not a million. A TRUNCATE (a restore) empties
 * it. Rows at 0 stay: the reader skips them. A state change locks its two pairs' rows until its
 * transaction ends: two transitions between the same states wait for each other's commit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE request_state_count (
      state_id integer NOT NULL,
      send_to_sign boolean NOT NULL,
      total bigint NOT NULL,
      PRIMARY KEY (state_id, send_to_sign)
    )`,
    `INSERT INTO request_state_count (state_id, send_to_sign, total)
      SELECT state_id, send_to_sign, count(*) FROM request GROUP BY state_id, send_to_sign`,
    // Each branch names only the transition tables its operation has (plpgsql plans a statement
    // when it first runs it).
    `CREATE FUNCTION request_state_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO request_state_count AS c (state_id, send_to_sign, total)
          SELECT state_id, send_to_sign, count(*) FROM new_rows GROUP BY state_id, send_to_sign
          ON CONFLICT (state_id, send_to_sign) DO UPDATE SET total = c.total + EXCLUDED.total;
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE request_state_count AS c SET total = c.total - d.n
          FROM (SELECT state_id, send_to_sign, count(*) AS n FROM old_rows GROUP BY state_id, send_to_sign) d
          WHERE c.state_id = d.state_id AND c.send_to_sign = d.send_to_sign;
      ELSE
        INSERT INTO request_state_count AS c (state_id, send_to_sign, total)
          SELECT state_id, send_to_sign, sum(delta) FROM (
            SELECT state_id, send_to_sign, 1 AS delta FROM new_rows
            UNION ALL
            SELECT state_id, send_to_sign, -1 FROM old_rows
          ) moved
          GROUP BY state_id, send_to_sign HAVING sum(delta) <> 0
          ON CONFLICT (state_id, send_to_sign) DO UPDATE SET total = c.total + EXCLUDED.total;
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
