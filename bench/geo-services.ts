import { sql, type Kysely } from 'kysely';
import type { InjectOptions } from 'fastify';
import type { Database } from '../apps/api/src/db/schema/index.ts';
import type { ApiApp, RouteContext } from '../apps/api/src/http/types.ts';
import {
  nearestRoadSegmentQuery,
  plotsQuery,
  SEARCH_LIMIT,
  searchPlan,
} from '../apps/api/src/geo/services/index.ts';
import type { Geometry } from '@voirie/domain';
import { median, time } from './harness.ts';

// Spatial look-ups through the API vs the same SQL run directly (docs/gis-api.md "Measures"): N calls
// each, on a database loaded with the demo (or real) geography. Not wired into run.ts here.

export interface Timing {
  /** Median milliseconds of one call through the API (app.inject: routing, auth, zod, envelope). */
  apiMs: number;
  /** Median milliseconds of the same SQL run directly on the database. */
  sqlMs: number;
  /** apiMs / sqlMs. */
  ratio: number;
  /** Calls timed on each side. */
  calls: number;
}

/** docs/gis-api.md "Measures": a spatial look-up through the API costs at most this many times its SQL. */
const GEO_RATIO_TARGET = 1.5;

export interface GeoBenchResult {
  plots: Timing;
  troncon: Timing;
  addressSearch: Timing;
}

function timing(api: number[], direct: number[]): Timing {
  const apiMs = median(api);
  const sqlMs = median(direct);
  return { apiMs, sqlMs, ratio: apiMs / sqlMs, calls: api.length };
}

/** A square of `half` degrees around a point (a drawn works footprint). */
function square(lon: number, lat: number, half: number): Geometry {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon - half, lat - half],
        [lon + half, lat - half],
        [lon + half, lat + half],
        [lon - half, lat + half],
        [lon - half, lat - half],
      ],
    ],
  };
}

/** N sample inputs spread over the territory, the same on every run (ordered by a hash of the id). */
async function samples(db: Kysely<Database>, n: number) {
  const parcels = await sql<{ lon: number; lat: number; dep: string }>`
    SELECT ST_X(p.pt) AS lon, ST_Y(p.pt) AS lat, left(insee_code, 2) AS dep
    FROM (SELECT insee_code, ST_PointOnSurface(geom) AS pt, id FROM parcel) AS p
    ORDER BY md5(p.id) LIMIT ${n}`.execute(db);
  const roads = await sql<{ lon: number; lat: number }>`
    SELECT ST_X(m.pt) + 0.0001 AS lon, ST_Y(m.pt) AS lat
    FROM (SELECT id, ST_LineInterpolatePoint(geom, 0.5) AS pt FROM road_segment) AS m
    ORDER BY md5(m.id::text) LIMIT ${n}`.execute(db);
  const addresses = await sql<{ q: string }>`
    SELECT lower(concat_ws(' ', numero::text, nom_voie, nom_commune)) AS q
    FROM address ORDER BY md5(id) LIMIT ${n}`.execute(db);
  if (parcels.rows.length === 0 || roads.rows.length === 0 || addresses.rows.length === 0) {
    throw new Error(
      'benchGeoServices: load the demo geography first (parcels, road segments and addresses are needed).',
    );
  }
  const cycle = <T>(rows: T[]) => Array.from({ length: n }, (_, i) => rows[i % rows.length]!);
  // One text in four is cut short, as while typing.
  const queries = addresses.rows.map((r, i) => (i % 4 === 3 ? r.q.slice(0, -2) : r.q));
  return { parcels: cycle(parcels.rows), roads: cycle(roads.rows), queries: cycle(queries) };
}

/** The local geocoder's queries for a text, run directly until one finds rows (as LocalGeocoder.search does). */
async function searchDirectly(db: Kysely<Database>, q: string): Promise<void> {
  for (const step of searchPlan(q, SEARCH_LIMIT.default)) {
    const { rows } = await step.query.execute(db);
    if (rows.length > 0) return;
  }
}

/** A signed-in bench user's bearer header (the GIS routes need a session). */
async function benchAuthorization(ctx: RouteContext): Promise<string> {
  const email = 'bench-geo@exemple.fr';
  const existing = await ctx.db
    .selectFrom('stdUser')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  const id =
    existing?.id ??
    (
      await ctx.db
        .insertInto('stdUser')
        .values({ email, passwordHash: 'x', emailValidatedAt: sql`now()` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return `Bearer ${await ctx.sessions.issue(id)}`;
}

/**
 * One service's N calls through the API and the same SQL run directly, call by call, after a
 * warm-up: a running server has compiled its code paths long before, and the medians should
 * compare its steady state, not the JIT's first thousands of calls (the API's median still fell
 * by a fifth between the first and the fourth thousand, and a little more up to the sixth). The
 * order alternates, so that neither side always runs on the pages the other has just read.
 */
async function compare(
  n: number,
  warmUp: number,
  api: (k: number) => Promise<unknown>,
  direct: (k: number) => Promise<unknown>,
): Promise<Timing> {
  const apiMs: number[] = [];
  const sqlMs: number[] = [];
  for (let i = -warmUp; i < n; i++) {
    const k = (i + warmUp) % n;
    const apiFirst = i % 2 === 0;
    const first = await time(() => (apiFirst ? api(k) : direct(k)));
    const second = await time(() => (apiFirst ? direct(k) : api(k)));
    if (i < 0) continue;
    apiMs.push(apiFirst ? first : second);
    sqlMs.push(apiFirst ? second : first);
  }
  return timing(apiMs, sqlMs);
}

/**
 * Times N calls of POST plots, POST troncon and GET address/search (local geocoder) through
 * the API (app.inject) and the same SQL run directly, each service in its own loop (the
 * address search's larger reads would otherwise evict the parcels' pages between two calls);
 * returns the medians and the API/SQL ratios.
 */
export async function benchGeoServices(
  app: ApiApp,
  ctx: RouteContext,
  options: { n?: number; warmUp?: number } = {},
): Promise<GeoBenchResult> {
  const n = options.n ?? 1000;
  const warmUp = options.warmUp ?? 6000;
  const db = ctx.db;
  const headers = { authorization: await benchAuthorization(ctx) };
  const input = await samples(db, n);
  const call = async (options: InjectOptions, what: string) => {
    const res = await app.inject({ headers, ...options });
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  };
  const footprint = (k: number) => square(input.parcels[k]!.lon, input.parcels[k]!.lat, 0.00005);
  const point = (k: number): Geometry => ({
    type: 'Point',
    coordinates: [input.roads[k]!.lon, input.roads[k]!.lat],
  });

  const plots = await compare(
    n,
    warmUp,
    (k) =>
      call(
        { method: 'POST', url: '/api/plots', payload: { dep: input.parcels[k]!.dep, geom: footprint(k) } },
        'plots',
      ),
    (k) => plotsQuery(footprint(k), input.parcels[k]!.dep).execute(db),
  );
  const troncon = await compare(
    n,
    warmUp,
    (k) => call({ method: 'POST', url: '/api/troncon', payload: { geom: point(k) } }, 'troncon'),
    (k) => nearestRoadSegmentQuery(point(k)).execute(db),
  );
  // About 10 ms a call, the SQL's share far above the API's: fewer of them.
  const searches = Math.min(n, 200);
  const addressSearch = await compare(
    searches,
    Math.min(warmUp, 100),
    (k) =>
      call(
        {
          method: 'GET',
          url: `/api/address/search?q=${encodeURIComponent(input.queries[k]!)}&limit=${SEARCH_LIMIT.default}`,
        },
        'address/search',
      ),
    (k) => searchDirectly(db, input.queries[k]!),
  );
  return { plots, troncon, addressSearch };
}

/** The result as French lines for the bench report. */
export function formatGeoBench(result: GeoBenchResult): string[] {
  const line = (name: string, t: Timing, target?: number) =>
    `${name} : API ${t.apiMs.toFixed(2)} ms, SQL direct ${t.sqlMs.toFixed(2)} ms, ratio ${t.ratio.toFixed(2)} (médianes sur ${t.calls} appels)` +
    (target === undefined
      ? ''
      : ` (cible <= ${String(target).replace('.', ',')}) ${t.ratio <= target ? 'OK' : 'AU-DESSUS DE LA CIBLE'}`);
  return [
    line('POST plots', result.plots, GEO_RATIO_TARGET),
    line('POST troncon', result.troncon, GEO_RATIO_TARGET),
    line('Recherche d’adresse locale', result.addressSearch),
  ];
}
