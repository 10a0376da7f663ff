// The API test files that also run on the embedded database (PGlite) when the suite runs on
// PostgreSQL (npm test with DATABASE_URL, as in CI). Every API test runs on PostgreSQL; on the
// embedded database, the files below — each for a code path where the two engines differ — and
// the end-to-end journeys, which run against the portal as `npm start` runs it (embedded).
// Without DATABASE_URL the whole suite runs on the embedded database. docs/testing.md.
//
// A new code path that branches on the engine, or SQL that PGlite's build of PostgreSQL/PostGIS
// may answer otherwise, adds its test file here.
export const EMBEDDED_ENGINE_FILES = [
  // The engine itself: the worker thread and its time limit by restart, the install-time patch.
  'apps/api/test/no-freeze.integration.test.ts',
  'apps/api/test/pglite-patch.test.ts',
  // Its files: kill -9 during filings, backup, restore and transfer of the data directory, the CLI.
  'apps/api/test/fault-kill.integration.test.ts',
  'apps/api/test/backup-restore.integration.test.ts',
  'apps/api/test/user-create-cli.integration.test.ts',
  // Types as the engine returns them (dates, numbers, geometries), the migrations.
  'apps/api/test/db-model.integration.test.ts',
  // PostGIS and pg_trgm in PGlite's build: imports (the first start's demo geography), the local
  // geocoder, invalid shapes (PGlite answers no row where PostgreSQL raises), subdivided joins.
  'apps/api/test/import-demo.integration.test.ts',
  'apps/api/test/demo-preparation.integration.test.ts',
  'apps/api/test/import-formats.integration.test.ts',
  'apps/api/test/geo-services.integration.test.ts',
  'apps/api/test/geo-address-layers.integration.test.ts',
  'apps/api/test/requests-geometry.integration.test.ts',
  'apps/api/test/coordination.integration.test.ts',
  // One connection for every request: transactions of filings and transitions, the list and its
  // export read in batches, visibility's empty-set guard, counters under concurrency.
  'apps/api/test/filing.integration.test.ts',
  'apps/api/test/filing-idempotency.integration.test.ts',
  'apps/api/test/instruction-matrix.integration.test.ts',
  'apps/api/test/requests-list.integration.test.ts',
  // The request counts kept by triggers over transition tables (migration 0033).
  'apps/api/test/request-state-counts.integration.test.ts',
  // The list map's tiles: PostGIS's clipping, snapping and transforms in PGlite's build (no
  // ST_AsMVT there: encoded in Node, ADR 0017), and the revision's triggers (migration 0034).
  'apps/api/test/request-tiles.integration.test.ts',
  'apps/api/test/requests-export-batches.integration.test.ts',
  'apps/api/test/visibility-matrix.integration.test.ts',
  'apps/api/test/login-throttling.integration.test.ts',
  'apps/api/test/session-cache.integration.test.ts',
  // pg-boss on the shared connection (jobs/job-queue.ts): mail delivery, the sweeper, the daily clock.
  'apps/api/test/mail-delivery.integration.test.ts',
  'apps/api/test/mail-outbox.integration.test.ts',
  'apps/api/test/file-sweeper.integration.test.ts',
  'apps/api/test/legal-clock.integration.test.ts',
];
