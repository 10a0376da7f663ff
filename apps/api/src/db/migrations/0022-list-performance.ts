import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The request list at scale (docs/api-requests.md « Performance »).
 *
 * Every sort as fast as the sort by id: a page is sorted and cut on `request` alone
 * (list-query.ts), so each sortable column gets an index in the list's order — the column with
 * empty values last, then the id, one index per direction (a backward scan would put the empty
 * values first).
 *
 * The applicant's and the instructor's names live in other tables: `request` keeps copies —
 * `sort_demandeur` (the company, else the last name), `sort_instructeur`, and `search_people`
 * (the applicant's and the beneficiary's search texts, a line each) for the free-text search,
 * which then reads two trigram indexes of one table instead of scanning it. PostgreSQL writes
 * them — on the request's insert or change of applicant, beneficiary or instructor, on a rename —
 * never the application: any write of a copy computes all of them again.
 */
const SORTED_COLUMNS = [
  'address_name',
  'numaffaire',
  'address_city',
  'date_start',
  'sort_demandeur',
  'sort_instructeur',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE request ADD COLUMN sort_demandeur text, ADD COLUMN sort_instructeur text, ADD COLUMN search_people text',
    `CREATE FUNCTION request_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.sort_demandeur := (SELECT coalesce(nullif(p.corporation_name, ''), p.last_name)
        FROM petitioner p WHERE p.id = NEW.petitioner_id);
      NEW.sort_instructeur := (SELECT u.last_name FROM std_user u WHERE u.id = NEW.instructeur_id);
      -- A line each: a searched text (blanks collapsed by search_normalize) never spans two people.
      NEW.search_people := (SELECT string_agg(p.search_text, E'\\n' ORDER BY p.id <> NEW.petitioner_id)
        FROM petitioner p WHERE p.id IN (NEW.petitioner_id, NEW.beneficiary_id));
      RETURN NEW;
    END $$`,
    `CREATE TRIGGER request_sort_keys BEFORE INSERT OR UPDATE OF petitioner_id, beneficiary_id, instructeur_id,
        sort_demandeur, sort_instructeur, search_people
      ON request FOR EACH ROW EXECUTE FUNCTION request_sort_keys()`,
    `CREATE FUNCTION petitioner_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE request SET sort_demandeur = NULL WHERE petitioner_id = NEW.id OR beneficiary_id = NEW.id;
      RETURN NULL;
    END $$`,
    // Its search text is generated (names, company, agent, e-mail): compared after the update.
    `CREATE TRIGGER petitioner_sort_key AFTER UPDATE ON petitioner
      FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
      EXECUTE FUNCTION petitioner_sort_key()`,
    `CREATE FUNCTION std_user_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE request SET sort_instructeur = NULL WHERE instructeur_id = NEW.id;
      RETURN NULL;
    END $$`,
    `CREATE TRIGGER std_user_sort_key AFTER UPDATE OF last_name ON std_user
      FOR EACH ROW WHEN (OLD.last_name IS DISTINCT FROM NEW.last_name)
      EXECUTE FUNCTION std_user_sort_key()`,
    // The existing requests: any write of the sort keys makes the trigger compute them.
    'UPDATE request SET sort_demandeur = NULL',
    'CREATE INDEX request_sort_type_idx ON request (type, id)',
    'CREATE INDEX request_search_people_idx ON request USING gin (search_people gin_trgm_ops)',
    ...SORTED_COLUMNS.flatMap((column) => [
      `CREATE INDEX request_sort_${column}_asc_idx ON request (${column} ASC NULLS LAST, id ASC)`,
      `CREATE INDEX request_sort_${column}_desc_idx ON request (${column} DESC NULLS LAST, id DESC)`,
    ]),
  ]);
}
