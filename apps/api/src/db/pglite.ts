import { EmbeddedDatabase } from './pglite-client.ts';

// The embedded database's settings. It runs on a thread of its own (pglite-worker.mjs, which
// loads the extensions the migrations create: postgis, pg_trgm, unaccent).

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
export function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<EmbeddedDatabase> {
  return EmbeddedDatabase.open({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    startParams: [
      '-c',
      `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`,
      '-c',
      `random_page_cost=${EMBEDDED_RANDOM_PAGE_COST}`,
    ],
  });
}
