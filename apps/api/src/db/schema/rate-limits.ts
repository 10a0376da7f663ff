import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One attempt counter of the shared rate-limit store (migration 0012). */
export interface RateLimitHitTable {
  /** SHA-256 of the counted key (no address or e-mail kept in clear). */
  key: string;
  /** Attempts counted in the current window. */
  count: number;
  /** When the last counted attempt came: growing delays run from it. */
  lastAt: Timestamp;
  expiresAt: Timestamp;
  /** True when the latest attempt was refused (not counted). */
  refused: boolean;
}

export interface RateLimitTables {
  rateLimitHit: RateLimitHitTable;
}
