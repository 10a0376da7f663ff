import { sql, type Kysely } from 'kysely';
import {
  PERMISSION_KINDS,
  STATE,
  resurfacingCutoff,
  worksPeriod,
  COORDINATION_DEFAULTS,
  COORDINATION_MAX_SHOWN,
} from '@voirie/domain';
import { conflictsQuery, resurfacingsQuery } from '../apps/api/src/coordination/conflict-queries.ts';
import { sqlLiterals } from '../apps/api/src/db/sql-literals.ts';
import type { Database } from '../apps/api/src/db/schema/index.ts';
import { benchApp, createUser, onFreshDatabase, median, time, verdict } from './harness.ts';
import { seed as seedRequests } from './requests.ts';

// The conflict search at 100 000 permissions (docs/coordination.md): the request
// list's N requests (their footprints spread around the towns' centres, dated over eleven
// years), full-width refections on a seventh of the received works, and a resurfacing layer;
// then GET request/{id}/conflicts through the API (app.inject) vs the same two queries run
// directly, for requests spread over the set, with the query plan's index use.

export interface CoordinationBenchResult {
  requests: number;
  resurfacings: number;
  seedMs: number;
  samples: number;
  /** Mean conflicts and resurfacings found per request searched. */
  conflictsPerRequest: number;
  resurfacingsPerRequest: number;
  apiMs: number;
  sqlMs: number;
  ratio: number;
  /** The indexes the conflict query's plan names. */
  indexes: string[];
}

/** Decisions for the permissions, full-width refections and receptions for some received works, and the layer. */
async function seedCoordination(db: Kysely<Database>, n: number): Promise<number> {
  await sql`INSERT INTO cerfa14023 (is_access_development, is_favorable, decision_refections)
    SELECT g % 3 = 2, true, CASE WHEN g % 7 = 0 THEN 'Finisseur,pleine largeur chaussée' ELSE 'Finisseur' END
    FROM generate_series(1, ${n}) AS g`.execute(db);
  await sql`UPDATE request SET cerfa14023_id = id WHERE type IN (1, 3)`.execute(db);
  await sql`INSERT INTO history_log (entity, entity_id, context, data, logged_at)
    SELECT 'request', r.id, 'Dossier réceptionné.', jsonb_build_object('action', 'recordReception', 'from', 7, 'to', 2),
      r.date_end + 20
    FROM request r WHERE r.state_id = 2 AND r.type IN (1, 3)`.execute(db);
  // One resurfaced road (a 60 m line) per fifty requests, around the same centres.
  const layer = Math.max(1, Math.floor(n / 50));
  await sql`INSERT INTO road_resurfacing (source_id, name, resurfaced_on, geom)
    SELECT 'bench-' || g, 'Réfection ' || g, DATE '2015-01-01' + (g * 7) % 4000,
      ST_MakeLine(ST_Translate(c.interior_point, ((g * 41) % 100 - 50) * 0.0001, ((g * 59) % 100 - 50) * 0.0001),
        ST_Translate(c.interior_point, ((g * 41) % 100 - 50) * 0.0001 + 0.0008, ((g * 59) % 100 - 50) * 0.0001))
    FROM generate_series(1, ${layer}) AS g
    JOIN (SELECT (row_number() OVER (ORDER BY insee_code) - 1)::int AS k, interior_point FROM commune) AS c
      ON c.k = g % 23`.execute(db);
  await sql`ANALYZE`.execute(db);
  return layer;
}

/** Seeds `requests` requests, then times the conflict search through the API against its SQL. */
export async function benchCoordination(options: {
  requests: number;
  samples?: number;
}): Promise<CoordinationBenchResult> {
  const samples = options.samples ?? 40;
  return onFreshDatabase('bench-coordination@exemple.fr', async ({ database, db, instructorId }) => {
    const ownerId = await createUser(
      db,
      'bench-coordination-demandeur@exemple.fr',
      'ROLE_DEMANDEUR',
      'Durand',
    );
    let resurfacings = 0;
    const seedMs = await time(async () => {
      await seedRequests(db, options.requests, instructorId, ownerId);
      resurfacings = await seedCoordination(db, options.requests);
    });
    const { app, headers } = await benchApp(database, instructorId);
    // Permissions under instruction spread over the set (the ones an instructor decides).
    const { rows: subjects } = await sql<{ id: number; dateStart: string; dateEnd: string | null }>`
      SELECT id, to_char(date_start, 'YYYY-MM-DD') AS "dateStart", to_char(date_end, 'YYYY-MM-DD') AS "dateEnd"
      FROM request WHERE type IN (${sqlLiterals(PERMISSION_KINDS)}) AND state_id = ${STATE.FILED}
        AND date_start IS NOT NULL
      ORDER BY md5(id::text) LIMIT ${samples}`.execute(db);
    const direct = async (subject: (typeof subjects)[number]) => {
      const search = {
        requestId: subject.id,
        distanceMetres: COORDINATION_DEFAULTS.distanceMetres,
        visible: null,
        limit: COORDINATION_MAX_SHOWN + 1,
      };
      const reference = worksPeriod(subject.dateStart, subject.dateEnd)!.start;
      const conflicts = await conflictsQuery(search).execute(db);
      const found = await resurfacingsQuery({
        ...search,
        cutoff: resurfacingCutoff(reference, COORDINATION_DEFAULTS.resurfacingYears),
      }).execute(db);
      return { conflicts: conflicts.rows.length, resurfacings: found.rows.length };
    };
    const api: number[] = [];
    const sqlTimes: number[] = [];
    let conflicts = 0;
    let found = 0;
    // A running server is warm: the first rounds compile the code paths and are left out.
    for (let round = -1; round < 4; round++) {
      for (const subject of subjects) {
        const viaApi = () =>
          time(async () => {
            const res = await app.inject({
              method: 'GET',
              url: `/api/request/${String(subject.id)}/conflicts`,
              headers,
            });
            if (res.statusCode !== 200) throw new Error(`conflicts ${String(subject.id)}: ${res.body}`);
          });
        let counts = { conflicts: 0, resurfacings: 0 };
        const viaSql = () =>
          time(async () => {
            counts = await direct(subject);
          });
        // The first of the two reads the request's pages into the cache: each goes first in turn.
        let apiMs: number;
        let sqlMs: number;
        if (round % 2 === 0) {
          apiMs = await viaApi();
          sqlMs = await viaSql();
        } else {
          sqlMs = await viaSql();
          apiMs = await viaApi();
        }
        if (round < 0) continue;
        api.push(apiMs);
        sqlTimes.push(sqlMs);
        if (round === 0) {
          conflicts += counts.conflicts;
          found += counts.resurfacings;
        }
      }
    }
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${conflictsQuery({
      requestId: subjects[0]!.id,
      distanceMetres: COORDINATION_DEFAULTS.distanceMetres,
      visible: null,
      limit: COORDINATION_MAX_SHOWN + 1,
    })}`.execute(db);
    const indexes = [
      ...new Set(
        plan.rows.flatMap(
          (row) =>
            /(?:Index(?: Only)? Scan using|Bitmap Index Scan on) (\w+)/.exec(row['QUERY PLAN'])?.slice(1) ??
            [],
        ),
      ),
    ].filter((name): name is string => Boolean(name));
    await app.close();
    return {
      requests: options.requests,
      resurfacings,
      seedMs,
      samples: subjects.length,
      conflictsPerRequest: conflicts / Math.max(1, subjects.length),
      resurfacingsPerRequest: found / Math.max(1, subjects.length),
      apiMs: median(api),
      sqlMs: median(sqlTimes),
      ratio: median(api) / median(sqlTimes),
      indexes,
    };
  });
}

/** The result as French lines for the bench report. */
export function formatCoordinationBench(result: CoordinationBenchResult): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const decimal = (value: number) => value.toFixed(2).replace('.', ',');
  return [
    `Conflits de coordination sur ${result.requests.toLocaleString('fr-FR')} demandes et ${result.resurfacings.toLocaleString('fr-FR')} réfections (insertion ${(result.seedMs / 1000).toFixed(1)} s) :`,
    `  ${String(result.samples)} demandes en instruction, en moyenne ${decimal(result.conflictsPerRequest)} conflit(s) et ${decimal(result.resurfacingsPerRequest)} réfection(s) chacune ; index : ${result.indexes.join(', ') || 'aucun'}`,
    `  GET request/{id}/conflicts : API ${ms(result.apiMs)}, SQL direct ${ms(result.sqlMs)}, ratio ${decimal(result.ratio)} (cible <= 1,5) ${verdict(result.ratio <= 1.5)} ; durée (cible <= 100 ms) ${verdict(result.apiMs <= 100)}`,
  ];
}
