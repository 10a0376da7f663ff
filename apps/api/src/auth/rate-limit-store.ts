import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Database } from '../db/schema/index.ts';

/** The first wait once a counter used its free attempts, unless the limit says otherwise. */
export const FIRST_DELAY_MS = 1000;
/** Expired counters are swept at most this often by one process (any instance does it). */
const SWEEP_EVERY_MS = 60_000;

/** What @fastify/rate-limit reads back: `current > max` refuses, `ttl` (ms) is the wait. */
export interface CounterState {
  current: number;
  ttl: number;
}

export interface CountOptions {
  /** Free attempts: the plain window's limit, or the attempts before the delays start. */
  max: number;
  /** The plain window; with growing delays, the longest wait and how long a quiet counter is kept. */
  windowMs: number;
  /** Growing delays (sign-in and the like) rather than a plain fixed window. */
  growing: boolean;
  /** With growing delays, the first wait (ms); each further attempt doubles it. */
  firstDelayMs?: number;
}

interface HitRow {
  count: number;
  refused: boolean;
  ttl: number;
}

/** Keys name an address or an account: only their hash is stored. */
function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * Attempt counters in PostgreSQL (table `rate_limit_hit`), shared by every API instance: each
 * count is one atomic `INSERT … ON CONFLICT DO UPDATE … RETURNING`, so concurrent attempts,
 * on one instance or several, never read a stale count.
 *
 * Plain window: every call counts; refused once `count > max` until the window ends.
 * Growing delays: the first `max` attempts are free; after the n-th attempt past them the next
 * one must wait firstDelayMs × 2^n (capped at `windowMs`). A refused attempt is not counted
 * (it changes nothing), and a counter is forgotten `windowMs` after its last wait ends.
 */
export class RateLimitCounters {
  private lastSweep = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Counts one attempt under `key` (or refuses it) and says where the counter stands. */
  async hit(key: string, options: CountOptions): Promise<CounterState> {
    const row = options.growing
      ? await this.hitGrowing(hashKey(key), options)
      : await this.hitPlain(hashKey(key), options);
    await this.sweepNowAndThen();
    if (!options.growing) return { current: row.count, ttl: Math.max(0, row.ttl) };
    // The plugin refuses when current > max: a refused attempt says so, a counted one never does.
    return {
      current: row.refused ? options.max + 1 : Math.min(row.count, options.max),
      ttl: Math.max(0, row.ttl),
    };
  }

  /** Takes one counted attempt back (it was not a failure, or another rule refused it). */
  async refund(key: string): Promise<void> {
    await sql`UPDATE rate_limit_hit SET count = greatest(count - 1, 0) WHERE key = ${hashKey(key)} AND expires_at > now()`.execute(
      this.db,
    );
  }

  /** Forgets a counter (a successful sign-in clears its account and address). */
  async forget(key: string): Promise<void> {
    await sql`DELETE FROM rate_limit_hit WHERE key = ${hashKey(key)}`.execute(this.db);
  }

  private async hitPlain(key: string, { windowMs }: CountOptions): Promise<HitRow> {
    const fresh = sql`h.expires_at <= now()`;
    const { rows } = await sql<HitRow>`
      INSERT INTO rate_limit_hit AS h (key, count, last_at, expires_at, refused)
      VALUES (${key}, 1, now(), now() + ${windowMs}::float8 * interval '1 millisecond', false)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${fresh} THEN 1 ELSE h.count + 1 END,
        last_at = now(),
        expires_at = CASE WHEN ${fresh} THEN excluded.expires_at ELSE h.expires_at END
      RETURNING count, refused, (extract(epoch FROM expires_at - now()) * 1000)::float8 AS ttl`.execute(
      this.db,
    );
    return rows[0]!;
  }

  private async hitGrowing(
    key: string,
    { max, windowMs, firstDelayMs = FIRST_DELAY_MS }: CountOptions,
  ): Promise<HitRow> {
    // The wait after `count` attempts (ms): none within the free attempts, then doubling, capped.
    const delay = (count: RawBuilder<unknown>) =>
      sql`(CASE WHEN ${count} >= ${max}::int
        THEN least(${windowMs}::float8, ${firstDelayMs}::float8 * power(2, least(${count} - ${max}::int, 40)))
        ELSE 0 END)`;
    const ms = (value: RawBuilder<unknown>) => sql`(${value} * interval '1 millisecond')`;
    const fresh = sql`h.expires_at <= now()`;
    const blocked = sql`(NOT ${fresh} AND h.count >= ${max}::int AND now() < h.last_at + ${ms(delay(sql`h.count`))})`;
    const next = sql`(CASE WHEN ${fresh} THEN 1 ELSE h.count + 1 END)`;
    const { rows } = await sql<HitRow>`
      INSERT INTO rate_limit_hit AS h (key, count, last_at, expires_at, refused)
      VALUES (${key}, 1, now(), now() + ${ms(sql`(${windowMs}::float8 + ${delay(sql`1`)})`)}, false)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${blocked} THEN h.count ELSE ${next} END,
        last_at = CASE WHEN ${blocked} THEN h.last_at ELSE now() END,
        expires_at = CASE WHEN ${blocked} THEN h.expires_at ELSE now() + ${ms(sql`(${windowMs}::float8 + ${delay(next)})`)} END,
        refused = ${blocked}
      RETURNING count, refused, (CASE
        WHEN refused THEN extract(epoch FROM last_at - now()) * 1000 + ${delay(sql`count`)}
        WHEN count >= ${max}::int THEN ${delay(sql`count`)}
        ELSE extract(epoch FROM expires_at - now()) * 1000 END)::float8 AS ttl`.execute(this.db);
    return rows[0]!;
  }

  /** Deletes expired counters now and then; SKIP LOCKED keeps two instances from waiting on each other. */
  private async sweepNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await sql`
      DELETE FROM rate_limit_hit WHERE key IN (
        SELECT key FROM rate_limit_hit WHERE expires_at < now() ORDER BY expires_at LIMIT 1000 FOR UPDATE SKIP LOCKED)`.execute(
      this.db,
    );
  }
}

/** The route options @fastify/rate-limit hands to a store's `child` (merged with the plugin's). */
interface LimitParams {
  exponentialBackoff?: boolean;
  /** Ours, passed along by the plugin: the first wait of growing delays (ms). */
  firstDelayMs?: number;
}

/**
 * A @fastify/rate-limit store class over `counters`. Routes and `createRateLimit` asking for
 * `exponentialBackoff` get growing delays (from `firstDelayMs`); the others a plain window.
 */
export function databaseRateLimitStore(counters: RateLimitCounters): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    private readonly growing: boolean;
    private readonly firstDelayMs: number;

    constructor(options: FastifyRateLimitOptions | object) {
      this.growing = (options as LimitParams).exponentialBackoff === true;
      this.firstDelayMs = (options as LimitParams).firstDelayMs ?? FIRST_DELAY_MS;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: CounterState) => void,
      timeWindow: number,
      max: number,
    ): void {
      counters
        .hit(key, { max, windowMs: timeWindow, growing: this.growing, firstDelayMs: this.firstDelayMs })
        .then(
          (state) => callback(null, state),
          (error: Error) => callback(error),
        );
    }

    // The plugin passes the route's options merged with its own (not only a RouteOptions).
    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseStore(routeOptions);
    }
  }
  return DatabaseStore;
}
