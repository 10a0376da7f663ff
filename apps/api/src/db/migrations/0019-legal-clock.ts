import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The legal clock (docs/legal-deadlines.md).
 * - On `request`: the clock as the domain computes it (packages/domain/src/legal-clock.ts) —
 *   its rule, the day its current run started, its deadline (null when it does not run), the
 *   days it was suspended and stopped, the day the implicit decision was recorded. Stored, not
 *   computed per row, so that the list sorts and filters 100,000 requests on an index.
 * - `legal_clock_event`: its history (started, suspended, restarted, stopped, implicit decision).
 * - `legal_rule_setting`: an administrator's delays over the law's defaults (one row per rule
 *   changed). A clock keeps the deadline it was given: a new delay applies to clocks started
 *   after it (the applicant was told the delay in the acknowledgement of receipt).
 * - `clock_notice`: what the daily job sent (digests, implicit decisions, reminders), one row
 *   per notice, so that it is sent once whichever instance runs the job, however often.
 * - `reception.remedy_due_on`: the day the formal notice's delay ends, after a refused reception.
 * Requests already filed get their clock here, with the default two months: running (3, 9, 999)
 * from the filing or the last receipt of missing pieces; suspended (8) since the last
 * completeness request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE request
      ADD COLUMN legal_rule text,
      ADD COLUMN clock_started_on date,
      ADD COLUMN clock_deadline_on date,
      ADD COLUMN clock_suspended_on date,
      ADD COLUMN clock_stopped_on date,
      ADD COLUMN implicit_decision_on date`,
    // Only running clocks have a deadline: a small partial index serves the list's sort and
    // filters and the daily job.
    `CREATE INDEX request_clock_deadline_idx ON request (clock_deadline_on, id) WHERE clock_deadline_on IS NOT NULL`,
    `CREATE TABLE legal_clock_event (
      id serial PRIMARY KEY,
      request_id integer NOT NULL REFERENCES request (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('started', 'suspended', 'restarted', 'stopped', 'implicitDecision')),
      on_date date NOT NULL,
      deadline_on date,
      rule_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX legal_clock_event_request_idx ON legal_clock_event (request_id, id)',
    `CREATE TABLE legal_rule_setting (
      rule_id text PRIMARY KEY,
      months smallint NOT NULL CHECK (months BETWEEN 0 AND 12),
      days smallint NOT NULL CHECK (days BETWEEN 0 AND 365),
      extend_to_working_day boolean NOT NULL,
      updated_by integer REFERENCES std_user (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE clock_notice (
      kind text NOT NULL,
      key text NOT NULL,
      request_id integer REFERENCES request (id) ON DELETE CASCADE,
      user_id integer REFERENCES std_user (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, key)
    )`,
    'ALTER TABLE reception ADD COLUMN remedy_due_on date',
    // Existing requests: their rule, then their clock.
    `UPDATE request SET legal_rule = CASE
        WHEN type = 2 THEN 'alignment'
        WHEN type = 1 AND operator_perimeter_id IS NOT NULL THEN 'operatorWorks'
        ELSE 'permission' END`,
    `WITH last_completion AS (
        SELECT entity_id AS id, max(logged_at) AS at FROM history_log
        WHERE entity = 'request' AND data->>'action' = 'complete' GROUP BY entity_id)
      UPDATE request r SET
        clock_started_on = greatest(r.deposit_date, c.at) AT TIME ZONE 'Europe/Paris',
        clock_deadline_on = ((greatest(r.deposit_date, c.at) AT TIME ZONE 'Europe/Paris')::date + interval '2 months')::date
      FROM request r2 LEFT JOIN last_completion c ON c.id = r2.id
      WHERE r2.id = r.id AND r.state_id IN (3, 9, 999)`,
    `WITH last_request AS (
        SELECT entity_id AS id, max(logged_at) AS at FROM history_log
        WHERE entity = 'request' AND data->>'action' = 'requestCompleteness' GROUP BY entity_id)
      UPDATE request r SET
        clock_started_on = r.deposit_date AT TIME ZONE 'Europe/Paris',
        clock_suspended_on = coalesce(s.at, r.updated_at) AT TIME ZONE 'Europe/Paris'
      FROM request r2 LEFT JOIN last_request s ON s.id = r2.id
      WHERE r2.id = r.id AND r.state_id = 8`,
  ]);
}
