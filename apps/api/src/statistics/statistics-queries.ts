import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { REQUEST_KIND, STATE, DEADLINE_ITEMS_MAX, type RequestKind } from '@voirie/domain';

// The statistics in SQL (docs/statistics.md): a few aggregate queries on `request` and the
// requests' history, so that they stay fast at 100 000 requests (npm run bench). Days are
// Europe/Paris calendar days. Exported for the bench, which runs them without the API.

/** In the SQL text, as migration 0017's partial indexes on the history read them. */
const RECEIVED = sql.lit(String(STATE.WORKS_RECEIVED));
const ALIGNMENT = sql.lit(REQUEST_KIND.ALIGNMENT);

/** The filters as the queries read them; `localities` are the stored names of the chosen town. */
export interface StatisticsFilters {
  from?: string | undefined;
  to?: string | undefined;
  type?: RequestKind | undefined;
  /** null: every town; otherwise the `address_city` values that name the chosen town. */
  localities: readonly string[] | null;
}

/** Instant bounds of the Paris days, so that request_deposit_idx serves them. */
function periodCondition(filters: Pick<StatisticsFilters, 'from' | 'to'>): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filters.from)
    conditions.push(
      sql<SqlBool>`r.deposit_date >= (${filters.from}::date::timestamp AT TIME ZONE 'Europe/Paris')`,
    );
  if (filters.to)
    conditions.push(
      sql<SqlBool>`r.deposit_date < ((${filters.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Paris')`,
    );
  return conditions;
}

function kindCondition(type: RequestKind | undefined): RawBuilder<SqlBool>[] {
  return type === undefined ? [] : [sql<SqlBool>`r.type = ${type}`];
}

function townCondition(localities: readonly string[] | null): RawBuilder<SqlBool>[] {
  return localities === null ? [] : [sql<SqlBool>`r.address_city = ANY(${[...localities]}::text[])`];
}

function where(conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return conditions.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;
}

export interface VolumeRow {
  /** The month's rank from `firstMonth` (1 = that month) on the month rows, else null. */
  bucket: number | null;
  type: number | null;
  stateId: number | null;
  locality: string | null;
  count: number;
  /** 'YYYY-MM': the first month of the series (the period's, or the first filing's). */
  firstMonth: string;
}

/**
 * Requests filed in the period, of the kind: counted per month, per kind and per state, each
 * with the request's locality (the town is folded from it by the domain's rule). One scan; the
 * month of a filing is its rank among the Paris month starts (width_bucket), computed once for
 * the period rather than converted row by row.
 */
export function volumeQuery(filters: Omit<StatisticsFilters, 'localities'>) {
  const first = filters.from
    ? sql`${filters.from}::date::timestamp`
    : sql`(SELECT min(deposit_date) FROM request) AT TIME ZONE 'Europe/Paris'`;
  const last = filters.to
    ? sql`${filters.to}::date::timestamp`
    : sql`(SELECT max(deposit_date) FROM request) AT TIME ZONE 'Europe/Paris'`;
  return sql<VolumeRow>`WITH span AS (
      SELECT date_trunc('month', ${first}) AS first, date_trunc('month', ${last}) AS last
    ),
    months AS (
      SELECT array_agg(m AT TIME ZONE 'Europe/Paris' ORDER BY m) AS starts, to_char(min(m), 'YYYY-MM') AS first_month
      FROM span, generate_series(span.first, span.last, interval '1 month') AS m
    ),
    grouped AS (
      SELECT
        CASE WHEN GROUPING(b.bucket) = 0 THEN b.bucket END AS bucket,
        CASE WHEN GROUPING(r.type) = 0 THEN r.type END AS type,
        CASE WHEN GROUPING(r.state_id) = 0 THEN r.state_id END AS state_id,
        r.address_city AS locality,
        count(*)::int AS count
      FROM request r
      CROSS JOIN months
      CROSS JOIN LATERAL (SELECT width_bucket(r.deposit_date, months.starts) AS bucket) b
      WHERE ${where([...periodCondition(filters), ...kindCondition(filters.type)])}
      GROUP BY GROUPING SETS ((b.bucket, r.address_city), (r.type, r.address_city), (r.state_id, r.address_city))
    )
    SELECT grouped.bucket, grouped.type, grouped.state_id AS "stateId", grouped.locality, grouped.count,
      months.first_month AS "firstMonth"
    FROM grouped CROSS JOIN months`;
}

export interface DurationsRow {
  decided: number;
  favourable: number;
  decisionMedian: number | null;
  decisionP90: number | null;
  received: number;
  receptionMedian: number | null;
  receptionP90: number | null;
}

/**
 * For the requests filed in the period: days from the filing to the signed decision (the first
 * `signatureReturned`), the decisions' favourable share (the decision's isFavorable: the
 * alignment's for kind 2, the permission's otherwise), and days from the signed order to the
 * accepted reception (the first `recordReception` to state 2). Medians and 90th percentiles.
 */
export function durationsQuery(filters: StatisticsFilters) {
  const days = (to: string, from: string) => sql.raw(`extract(epoch FROM ${to} - ${from}) / 86400`);
  return sql<DurationsRow>`WITH filtered AS (
      SELECT r.id, r.type, r.deposit_date, r.cerfa14023_id, r.alignment_id FROM request r
      WHERE ${where([...periodCondition(filters), ...kindCondition(filters.type), ...townCondition(filters.localities)])}
    ),
    -- Each event by its own partial index (migration 0017): no JSON read per row.
    decided AS (SELECT h.entity_id AS id, min(h.logged_at) AS at FROM history_log h
      WHERE h.entity = 'request' AND h.data->>'action' = 'signatureReturned' GROUP BY h.entity_id),
    received AS (SELECT h.entity_id AS id, min(h.logged_at) AS at FROM history_log h
      WHERE h.entity = 'request' AND h.data->>'action' = 'recordReception' AND h.data->>'to' = ${RECEIVED}
      GROUP BY h.entity_id),
    measured AS (
      SELECT CASE WHEN f.type = ${ALIGNMENT} THEN a.is_favorable ELSE c.is_favorable END AS is_favourable,
        ${days('d.at', 'f.deposit_date')} AS decision_days,
        CASE WHEN rc.at >= d.at THEN ${days('rc.at', 'd.at')} END AS reception_days
      FROM filtered f
      JOIN decided d ON d.id = f.id
      LEFT JOIN received rc ON rc.id = f.id
      LEFT JOIN cerfa14023 c ON c.id = f.cerfa14023_id
      LEFT JOIN individual_alignment_request a ON a.id = f.alignment_id
    )
    SELECT
      count(*)::int AS decided,
      (count(*) FILTER (WHERE is_favourable))::int AS favourable,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY decision_days)::float8 AS "decisionMedian",
      percentile_cont(0.9) WITHIN GROUP (ORDER BY decision_days)::float8 AS "decisionP90",
      count(reception_days)::int AS received,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY reception_days)::float8 AS "receptionMedian",
      percentile_cont(0.9) WITHIN GROUP (ORDER BY reception_days)::float8 AS "receptionP90"
    FROM measured`;
}

/**
 * Today's requests whose legal clock runs — a stored deadline (docs/legal-deadlines.md),
 * the list's and the daily digest's rule — of the kind. The period does not apply: an old request
 * past its deadline is what the figure is for.
 */
function clockedRequests(filters: { type?: RequestKind | undefined; localities: readonly string[] | null }) {
  return sql`SELECT r.public_id, r.numaffaire, r.type, r.state_id, r.address_city, r.deposit_date,
      r.clock_deadline_on
    FROM request r
    WHERE ${where([
      // Not null: request_clock_deadline_idx (partial) holds exactly these rows.
      sql<SqlBool>`r.clock_deadline_on IS NOT NULL`,
      ...kindCondition(filters.type),
      ...townCondition(filters.localities),
    ])}`;
}

/** The domain's deadlineFilterBounds of today: overdue up to `overdueUpTo`, near before `nearBefore`. */
export interface DeadlineBounds {
  overdueUpTo: string;
  nearBefore: string;
}

export interface DeadlineCountRow {
  locality: string | null;
  overdue: number;
  near: number;
  running: number;
}

/**
 * The clocked requests counted per locality (every town: folded by the domain) and status: the
 * stored deadlines compared with the bounds of today, no date computed per row.
 */
export function deadlineCountsQuery(filters: { type?: RequestKind | undefined; bounds: DeadlineBounds }) {
  const overdue = sql`${filters.bounds.overdueUpTo}::date`;
  const near = sql`${filters.bounds.nearBefore}::date`;
  return sql<DeadlineCountRow>`SELECT address_city AS locality,
      (count(*) FILTER (WHERE clock_deadline_on <= ${overdue}))::int AS overdue,
      (count(*) FILTER (WHERE clock_deadline_on > ${overdue} AND clock_deadline_on < ${near}))::int AS near,
      (count(*) FILTER (WHERE clock_deadline_on >= ${near}))::int AS running
    FROM (${clockedRequests({ type: filters.type, localities: null })}) AS x GROUP BY address_city`;
}

export interface DeadlineItemRow {
  publicId: string;
  numaffaire: string | null;
  type: number;
  stateId: number;
  locality: string | null;
  depositDate: Date;
  deadlineOn: string;
}

/** The most urgent clocked requests past or near their deadline (the earliest deadline first). */
export function deadlineItemsQuery(filters: {
  type?: RequestKind | undefined;
  localities: readonly string[] | null;
  bounds: DeadlineBounds;
}) {
  return sql<DeadlineItemRow>`SELECT public_id::text AS "publicId", numaffaire, type, state_id AS "stateId",
      address_city AS locality, deposit_date AS "depositDate",
      to_char(clock_deadline_on, 'YYYY-MM-DD') AS "deadlineOn"
    FROM (${clockedRequests(filters)}) AS x
    WHERE clock_deadline_on < ${filters.bounds.nearBefore}::date
    ORDER BY clock_deadline_on, public_id LIMIT ${DEADLINE_ITEMS_MAX}`;
}
