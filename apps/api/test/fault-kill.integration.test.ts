import { describe, expect, inject, test } from 'vitest';
import { runKillScenario } from '../../../scripts/fault/kill-scenario.ts';
import { postgresTarget } from './test-target.ts';

// The fault run of README.md "Production", short (`npm run fault -- --long` is the long one): the
// real server is killed (-9) two or three times while filings and uploads stream in, restarted,
// swept; then nothing is half-created, no row lacks its file, no orphan or temporary file is left,
// no filing is doubled.

describe('kill -9 during filings and uploads', () => {
  test(
    'restart and sweep: 0 half-created requests, 0 rows without file, 0 orphan or temporary files, 0 duplicate filings',
    { timeout: 300_000 },
    async () => {
      const postgres = postgresTarget();
      const report = await runKillScenario({
        // Each restart of the embedded database costs seconds: two kills there, three on PostgreSQL.
        kills: postgres ? 3 : 2,
        minLoadMs: 700,
        maxLoadMs: 2200,
        ...(postgres ? { databaseUrl: postgres.adminUrl } : { pgliteTemplate: inject('pgliteTemplate') }),
      });
      // The kills did fall on filings in flight, whose clients then retried with their key.
      expect(report.filingsLost).toBeGreaterThan(0);
      expect(report.filedKeys).toBeGreaterThan(0);
      expect(report).toMatchObject({
        refusedFilings: 0,
        duplicateFilings: 0,
        idMismatches: 0,
        halfCreatedRequests: 0,
        rowsWithoutFile: 0,
        orphanFiles: 0,
        tempFiles: 0,
      });
      expect(report.requests).toBe(report.filedKeys);
    },
  );
});
