import { sql, type Kysely } from 'kysely';
import { deadlineFilterBounds, type StatisticsQuery } from '@voirie/domain';
import type { Database } from '../apps/api/src/db/schema/index.ts';
import {
  deadlineCountsQuery,
  deadlineItemsQuery,
  durationsQuery,
  volumeQuery,
} from '../apps/api/src/statistics/statistics-queries.ts';
import { parisToday } from '../apps/api/src/requests/french-date.ts';
import {
  benchApp,
  onFreshDatabase,
  time,
  timeApiAgainstSql,
  verdict,
  type SeededBenchOptions,
} from './harness.ts';

// The statistics page on a large history (docs/statistics.md): N requests
// with their forms, decisions and history entries (filing, completeness, signed decision,
// reception) seeded on a fresh PGlite, then GET statistics through the API (app.inject) vs the
// same SQL run directly, for a few filter sets.

export interface StatisticsBenchResult {
  requests: number;
  historyRows: number;
  seedMs: number;
  cases: { name: string; apiMs: number; sqlMs: number; ratio: number }[];
}

/** N requests over eleven years, their forms and decisions, and the history the statistics read. */
export async function seed(db: Kysely<Database>, n: number): Promise<void> {
  await sql`INSERT INTO petitioner (nature, last_name, email)
    SELECT 'Particulier', 'Demandeur ' || g, 'demandeur' || g || '@exemple.fr' FROM generate_series(1, ${n}) AS g`.execute(
    db,
  );
  await sql`INSERT INTO cerfa14023 (is_access_development, is_favorable)
    SELECT g % 3 = 2, g % 7 <> 0 FROM generate_series(1, ${n}) AS g`.execute(db);
  await sql`INSERT INTO individual_alignment_request (is_favorable)
    SELECT g % 11 <> 0 FROM generate_series(1, ${n}) AS g`.execute(db);
  await sql`INSERT INTO request (type, state_id, petitioner_id, cerfa14023_id, alignment_id,
      address_num, address_type, address_name, address_city, address_postal_code, deposit_date)
    SELECT 1 + g % 3,
      (ARRAY[1,2,3,4,5,6,7,8,9,10,11,12,13,999,3,4,2,5])[1 + (g * 7) % 18],
      g,
      CASE WHEN g % 3 <> 1 THEN g END,
      CASE WHEN g % 3 = 1 THEN g END,
      (1 + g % 120)::text, 'rue', 'des Pins',
      CASE WHEN g % 9 = 0 THEN upper(c.name) ELSE c.name END, c.postal_code,
      TIMESTAMPTZ '2015-01-01' + make_interval(mins => (g::bigint * 5800000 / ${n})::int)
    FROM generate_series(1, ${n}) AS g
    JOIN (SELECT (row_number() OVER (ORDER BY insee_code) - 1)::int AS k, name, postal_code FROM commune) AS c
      ON c.k = g % 23`.execute(db);
  // The history: every filing; the receipt of missing pieces (state 9); the signed decision of
  // every request past it; the accepted reception of received works (state 2), after a refusal
  // for one in five.
  await sql`INSERT INTO history_log (entity, entity_id, context, data, logged_at)
    SELECT 'request', r.id, 'Dépôt de la demande', jsonb_build_object('action', 'file', 'to', 3), r.deposit_date
    FROM request r`.execute(db);
  await sql`INSERT INTO history_log (entity, entity_id, context, data, logged_at)
    SELECT 'request', r.id, 'Complétude réalisée', jsonb_build_object('action', 'complete', 'from', 8, 'to', 9),
      r.deposit_date + make_interval(days => 15 + r.id % 20)
    FROM request r WHERE r.state_id = 9`.execute(db);
  await sql`INSERT INTO history_log (entity, entity_id, context, data, logged_at)
    SELECT 'request', r.id, 'Arrêté signé', jsonb_build_object('action', 'signatureReturned', 'from', 3, 'to', 4),
      r.deposit_date + make_interval(days => 5 + r.id % 60, hours => r.id % 9)
    FROM request r WHERE r.state_id IN (2, 4, 5, 6, 7, 10, 12, 13)`.execute(db);
  await sql`INSERT INTO history_log (entity, entity_id, context, data, logged_at)
    SELECT 'request', r.id, 'Réception refusée', jsonb_build_object('action', 'recordReception', 'from', 4, 'to', 12),
      r.deposit_date + make_interval(days => 80 + r.id % 100)
    FROM request r WHERE r.state_id IN (2, 12, 13) AND r.id % 5 = 0`.execute(db);
  await sql`INSERT INTO history_log (entity, entity_id, context, data, logged_at)
    SELECT 'request', r.id, 'Réception acceptée', jsonb_build_object('action', 'recordReception', 'from', 4, 'to', 2),
      r.deposit_date + make_interval(days => 90 + r.id % 200)
    FROM request r WHERE r.state_id = 2`.execute(db);
  // The legal clocks of the requests awaiting a decision: two months from the filing,
  // or from the receipt of the missing pieces, as migration 0019 gives the requests it finds.
  await sql`UPDATE request r SET legal_rule = 'permission',
      clock_started_on = (coalesce(h.logged_at, r.deposit_date) AT TIME ZONE 'Europe/Paris')::date,
      clock_deadline_on = ((coalesce(h.logged_at, r.deposit_date) AT TIME ZONE 'Europe/Paris')::date + interval '2 months')::date
    FROM request r2 LEFT JOIN history_log h ON h.entity = 'request' AND h.entity_id = r2.id AND h.data->>'action' = 'complete'
    WHERE r2.id = r.id AND r.state_id IN (3, 9, 999)`.execute(db);
  await sql`ANALYZE`.execute(db);
}

/** Seeds `requests` requests, then times GET statistics against its queries run directly. */
export async function benchStatistics(options: SeededBenchOptions): Promise<StatisticsBenchResult> {
  const runs = options.runs ?? 15;
  return onFreshDatabase('bench-stats@exemple.fr', async ({ database, db, instructorId }) => {
    const seedMs = await time(() => seed(db, options.requests));
    const historyRows = Number(
      (
        await db
          .selectFrom('historyLog')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const { app, headers } = await benchApp(database, instructorId);
    const bounds = deadlineFilterBounds(parisToday());
    const capbreton = ['Capbreton', 'CAPBRETON'];
    const cases: { name: string; query: StatisticsQuery; localities: string[] | null }[] = [
      { name: 'tout, 12 derniers mois', query: { from: '2025-01-01', to: '2025-12-31' }, localities: null },
      { name: 'toute la période', query: {}, localities: null },
      {
        name: 'type 1 + Capbreton, 5 ans',
        query: { from: '2021-01-01', to: '2025-12-31', type: 1, insee: '40065' },
        localities: capbreton,
      },
    ];
    const results: StatisticsBenchResult['cases'] = [];
    for (const item of cases) {
      const url = `/api/statistics?${new URLSearchParams(Object.entries(item.query).map(([k, v]) => [k, String(v)] as [string, string])).toString()}`;
      const direct = async () => {
        await volumeQuery(item.query).execute(db);
        await durationsQuery({ ...item.query, localities: item.localities }).execute(db);
        await deadlineCountsQuery({ type: item.query.type, bounds }).execute(db);
        await deadlineItemsQuery({ type: item.query.type, localities: item.localities, bounds }).execute(db);
      };
      results.push({
        name: item.name,
        ...(await timeApiAgainstSql({ app, headers }, url, direct, { runs, warmup: 3 })),
      });
    }
    await app.close();
    return { requests: options.requests, historyRows, seedMs, cases: results };
  });
}

/** The result as French lines for the bench report. */
export function formatStatisticsBench(result: StatisticsBenchResult): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const ratio = (value: number) => value.toFixed(2).replace('.', ',');
  return [
    `Statistiques sur ${result.requests.toLocaleString('fr-FR')} demandes et ${result.historyRows.toLocaleString('fr-FR')} entrées d'historique (insertion ${(result.seedMs / 1000).toFixed(1)} s) :`,
    ...result.cases.map(
      (item) =>
        `  ${item.name} : API ${ms(item.apiMs)}, SQL direct ${ms(item.sqlMs)}, ratio ${ratio(item.ratio)} (cible <= 1,5) ${verdict(item.ratio <= 1.5)} ; durée (cible <= 1 s) ${verdict(item.apiMs <= 1000)}`,
    ),
  ];
}
