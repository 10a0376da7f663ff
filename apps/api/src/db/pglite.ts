import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { postgis } from '@electric-sql/pglite-postgis';

/** The extensions every embedded database loads; the migrations create them in SQL. */
export const PGLITE_EXTENSIONS = { postgis, pg_trgm, unaccent };

/**
 * The embedded database's page cache. It lives in the Node process (WebAssembly memory, which
 * never shrinks): PostgreSQL's 128 MB default made the first export of a large history grow the
 * process by ~170 MB (`npm run bench -- --requests 100000`). The files it caches are in the
 * operating system's cache anyway.
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

/**
 * The planner's cost of a page read out of order. PostgreSQL's default (4) is a spinning disk's;
 * the embedded database's files are in memory or on an SSD, where it costs about a sequential
 * read: with 4 the list's free-text search counted its matches by scanning every request (60 ms at
 * 100,000) instead of reading its trigram indexes (25 ms). README: the same for PostgreSQL.
 */
export const EMBEDDED_RANDOM_PAGE_COST = '1.1';

/** Opens (or creates) an embedded PostgreSQL in `dataDir`, or in memory from a dump. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<PGlite> {
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`,
      '-c',
      `random_page_cost=${EMBEDDED_RANDOM_PAGE_COST}`,
    ],
    // Same values as the pg driver (database.ts): bigint as number, `date` as 'YYYY-MM-DD'.
    parsers: { 20: (value: string) => Number(value), 1082: (value: string) => value },
  });
}
