import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** The tables the list's rows and their visibility are read from (list-query.ts, policies/visibility.ts). */
const WATCHED = ['request', 'petitioner', 'perimeter', 'user_perimeter', 'mandate'] as const;

/**
 * The requests' revision, the version of the list map's tiles (their ETag, requests/map-tiles.ts):
 * `request_revision` holds rows of numbers, the revision being their sum. Every statement that
 * writes a table the list reads — its requests, their parties' names, the perimeters, links and
 * mandates that make them visible — appends one row in its own transaction (statement-level
 * triggers, a TRUNCATE included), so that a reader sees a new revision exactly when it sees the
 * changed rows. Appended, never updated: writers never wait for each other here. A scheduled job
 * folds the rows into one (requests/request-revision.ts). The first row is a random number, so
 * that two databases (a restore, a transfer) never share a revision by chance; the table is not
 * copied by a backup (maintenance/catalogue.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE request_revision (n bigint NOT NULL)`,
    `INSERT INTO request_revision (n) VALUES (floor(random() * 1e15)::bigint)`,
    `CREATE FUNCTION request_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO request_revision (n) VALUES (1);
      RETURN NULL;
    END $$`,
    ...WATCHED.map(
      (table) => `CREATE TRIGGER ${table}_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION request_revision_bump()`,
    ),
  ]);
}
