import type { OutgoingHttpHeaders } from 'node:http';
import { sql, type Kysely } from 'kysely';
import { REQUEST_TILES } from '@voirie/domain';
import type { Database } from '../apps/api/src/db/schema/index.ts';
import { median, time, verdict } from './harness.ts';

// The list's map as vector tiles (GET request/tiles/{z}/{x}/{y}) on one screen of a town: the
// tiles a 1280×800 px map shows around the town's interior point (512 px tiles, as the web map
// asks them), at a zoom of cells and at a zoom of detail. Measured through the API: each tile
// built (no If-None-Match: what a first visit costs, after one warm-up pass), then the same tiles
// revalidated (If-None-Match: 304, nothing built). Target: ≤ 10 ms a tile, then from the cache.

/** One GET of a tile: its status, tag and size. */
export type TileGet = (
  url: string,
  ifNoneMatch?: string,
) => Promise<{ status: number; etag: string; bytes: number }>;

export interface TileScreenMeasure {
  z: number;
  tiles: number;
  /** Bytes of the screen's tiles together. */
  bytes: number;
  /** Median and slowest time of a tile built (every tile, every pass). */
  buildMs: number;
  buildMaxMs: number;
  /** Median time of a tile revalidated (304). */
  cachedMs: number;
}

const SCREEN = { width: 1280, height: 800, tileSize: 512 } as const;
/** The zooms measured: cells (a town and its surroundings), then detail (a few streets). */
const ZOOMS = [14, 16] as const;
/** Tiles of the target: ≤ 10 ms each when built. */
const TILE_TARGET_MS = 10;

/** Tiles over HTTP from these API instances in turn, signed in by a cookie. */
export function httpTileGet(bases: readonly string[], cookie: string): TileGet {
  let next = 0;
  return async (url, ifNoneMatch) => {
    const base = bases[next++ % bases.length]!;
    const res = await fetch(`${base}${url}`, {
      headers: { cookie, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
    });
    const body = await res.arrayBuffer();
    return { status: res.status, etag: res.headers.get('etag') ?? '', bytes: body.byteLength };
  };
}

/** Tiles from an app in this process (inject), signed in by these headers. */
export function injectTileGet(
  app: { inject: (options: { url: string; headers: Record<string, string> }) => PromiseLike<InjectAnswer> },
  headers: Record<string, string>,
): TileGet {
  return async (url, ifNoneMatch) => {
    const res = await app.inject({
      url,
      headers: { ...headers, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
    });
    const etag = res.headers.etag;
    return {
      status: res.statusCode,
      etag: typeof etag === 'string' ? etag : '',
      bytes: res.rawPayload.byteLength,
    };
  };
}
interface InjectAnswer {
  statusCode: number;
  headers: OutgoingHttpHeaders;
  rawPayload: Buffer;
}

/** The interior point of the first town (the bench's seed puts a 100 × 100 grid of requests around it). */
export async function townCentre(db: Kysely<Database>): Promise<[number, number]> {
  const { rows } = await sql<{ lon: number; lat: number }>`SELECT ST_X(interior_point) AS lon,
    ST_Y(interior_point) AS lat FROM commune ORDER BY insee_code LIMIT 1`.execute(db);
  return [Number(rows[0]!.lon), Number(rows[0]!.lat)];
}

/** The XYZ tiles a screen of SCREEN's size shows, centred on a point, at zoom z. */
function screenTiles(z: number, [lon, lat]: [number, number]): { x: number; y: number }[] {
  const world = SCREEN.tileSize * 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const cx = ((lon + 180) / 360) * world;
  const cy = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * world;
  const range = (centre: number, size: number) => {
    const first = Math.floor((centre - size / 2) / SCREEN.tileSize);
    const last = Math.floor((centre + size / 2 - 1) / SCREEN.tileSize);
    return Array.from({ length: last - first + 1 }, (_, index) => first + index);
  };
  return range(cy, SCREEN.height).flatMap((y) => range(cx, SCREEN.width).map((x) => ({ x, y })));
}

/**
 * The screen's tiles at each zoom: one warm-up pass, `passes` passes built, then `passes` passes
 * revalidated with each tile's tag.
 */
export async function measureTileScreens(options: {
  get: TileGet;
  centre: [number, number];
  passes?: number;
}): Promise<TileScreenMeasure[]> {
  const passes = options.passes ?? 5;
  const measures: TileScreenMeasure[] = [];
  for (const z of ZOOMS) {
    const urls = screenTiles(z, options.centre).map(
      ({ x, y }) => `/api/request/tiles/${String(z)}/${String(x)}/${String(y)}`,
    );
    const tags = new Map<string, string>();
    let bytes = 0;
    for (const url of urls) {
      const answer = await options.get(url);
      if (answer.status !== 200) throw new Error(`${url} : ${String(answer.status)}`);
      tags.set(url, answer.etag);
      bytes += answer.bytes;
    }
    const built: number[] = [];
    const cached: number[] = [];
    for (let pass = 0; pass < passes; pass++)
      for (const url of urls) built.push(await time(() => options.get(url)));
    for (let pass = 0; pass < passes; pass++) {
      for (const url of urls) {
        cached.push(
          await time(async () => {
            const answer = await options.get(url, tags.get(url));
            if (answer.status !== 304) throw new Error(`${url} avec son ETag : ${String(answer.status)}`);
          }),
        );
      }
    }
    measures.push({
      z,
      tiles: urls.length,
      bytes,
      buildMs: median(built),
      buildMaxMs: Math.max(...built),
      cachedMs: median(cached),
    });
  }
  return measures;
}

const meetsTarget = (m: TileScreenMeasure) => m.buildMs <= TILE_TARGET_MS && m.cachedMs <= TILE_TARGET_MS;

/** The bench's line: each zoom's tiles built and revalidated, against the target. */
export function formatTileScreens(label: string, measures: readonly TileScreenMeasure[]): string {
  const ms = (value: number) => `${value.toFixed(1).replace('.', ',')} ms`;
  const parts = measures.map(
    (m) =>
      `zoom ${String(m.z)} (${m.z >= REQUEST_TILES.detailMinZoom ? 'détail' : 'cellules'}) ${String(m.tiles)} tuiles, ${(m.bytes / 1024).toFixed(0)} Ko : construite ${ms(m.buildMs)} (max ${ms(m.buildMaxMs)}), depuis le cache (304) ${ms(m.cachedMs)} ${verdict(meetsTarget(m))}`,
  );
  const ok = measures.every(meetsTarget);
  return `  Carte de la liste en tuiles vectorielles, un écran ${String(SCREEN.width)}×${String(SCREEN.height)} d'une commune (${label}) : ${parts.join(' ; ')} — médianes par tuile (cible ≤ 10 ms par tuile, puis depuis le cache) ${verdict(ok)}`;
}
