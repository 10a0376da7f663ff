import { rm } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import { dropStaleClaims, removeIfUnreferenced } from './content-claims.ts';
import type { FileStore, ListedStoredFile } from './file-store.ts';
import { KEPT_PREFIXES } from './object-storage.ts';
import { claimScheduledRun, markScheduledRun } from './scheduled-job.ts';

/** What one sweep removed (counts and bytes only: no name, no personal data). */
export interface SweepReport {
  tempFiles: number;
  tempBytes: number;
  orphanFiles: number;
  orphanBytes: number;
  staleClaims: number;
}

interface SweepDeps {
  db: Kysely<Database>;
  store: FileStore;
  /**
   * Only what is older than this is touched (FILE_SWEEP_GRACE_SECONDS, 1 h by default): a
   * temporary file may be an upload under way in another instance sharing DATA_DIR.
   */
  graceSeconds: number;
}

/** The sweep's name in `scheduled_job`. */
export const FILE_SWEEP_JOB = 'file-sweep';
/** Distinct contents checked against the rows per query. */
const BATCH = 500;

/**
 * Removes what crashes and failures left: temporary files older than the grace
 * period, claims no process released, and stored files older than it that no document row
 * nor avatar nor library document names (each deleted under its content's lock, never while a
 * filing claims it).
 */
export async function sweepFiles(deps: SweepDeps): Promise<SweepReport> {
  const cutoff = Date.now() - deps.graceSeconds * 1000;
  // No grace: everything (a file's time stamp may run a little ahead of Date.now()).
  const isYoung = (file: { mtimeMs: number }) => deps.graceSeconds > 0 && file.mtimeMs > cutoff;
  const report: SweepReport = { tempFiles: 0, tempBytes: 0, orphanFiles: 0, orphanBytes: 0, staleClaims: 0 };
  report.staleClaims = await dropStaleClaims(deps.db, deps.graceSeconds);

  // The uploads' area, and what a crash left beside a kept file (a file or template being written).
  const temporaries = [
    deps.store.listTemp(),
    ...KEPT_PREFIXES.map((prefix) => deps.store.storage.interruptedWrites(prefix)),
  ];
  for (const listing of temporaries) {
    for await (const file of listing) {
      if (isYoung(file)) continue;
      await rm(file.path, { force: true });
      report.tempFiles += 1;
      report.tempBytes += file.size;
    }
  }

  // The store is walked page by page and checked a batch at a time: memory stays flat however
  // many files the bucket holds.
  let batch: ListedStoredFile[] = [];
  const sweepBatch = async () => {
    const shas = batch.map((file) => file.sha256);
    const [documents, avatars, library, published] = await Promise.all([
      deps.db.selectFrom('document').select('sha256').distinct().where('sha256', 'in', shas).execute(),
      deps.db
        .selectFrom('stdUser')
        .select('avatarSha256 as sha256')
        .distinct()
        .where('avatarSha256', 'in', shas)
        .execute(),
      deps.db.selectFrom('libraryDocument').select('sha256').distinct().where('sha256', 'in', shas).execute(),
      deps.db.selectFrom('actPublication').select('sha256').distinct().where('sha256', 'in', shas).execute(),
    ]);
    const referenced = new Set([...documents, ...avatars, ...library, ...published].map((row) => row.sha256));
    for (const file of batch.filter((candidate) => !referenced.has(candidate.sha256))) {
      if (!(await removeIfUnreferenced(deps, file.sha256))) continue;
      report.orphanFiles += 1;
      report.orphanBytes += file.size;
    }
    batch = [];
  };
  for await (const file of deps.store.storedFiles()) {
    if (isYoung(file)) continue;
    batch.push(file);
    if (batch.length === BATCH) await sweepBatch();
  }
  if (batch.length > 0) await sweepBatch();
  return report;
}

interface FileSweeper {
  /** The start-up sweep. */
  readonly firstRun: Promise<SweepReport | null>;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

/**
 * Sweeps at start-up (a start may follow a crash), then every `intervalSeconds` in the one
 * instance that wins the hour (scheduled_job). A failed sweep is reported, never fatal.
 */
export function startFileSweeper(
  deps: SweepDeps & {
    intervalSeconds?: number;
    onSwept: (report: SweepReport) => void;
    onError: (error: unknown) => void;
  },
): FileSweeper {
  const interval = deps.intervalSeconds ?? 3600;
  let running: Promise<SweepReport | null> = Promise.resolve(null);
  const run = (claim: () => Promise<boolean>) => {
    running = running.then(async () => {
      try {
        if (!(await claim())) return null;
        const report = await sweepFiles(deps);
        deps.onSwept(report);
        return report;
      } catch (error) {
        deps.onError(error);
        return null;
      }
    });
    return running;
  };
  const firstRun = run(async () => {
    await markScheduledRun(deps.db, FILE_SWEEP_JOB);
    return true;
  });
  // A tenth of the period as slack: timers of instances started at different times still let
  // one of them win each period.
  const timer = setInterval(
    () => void run(() => claimScheduledRun(deps.db, FILE_SWEEP_JOB, interval * 0.9)),
    interval * 1000,
  );
  timer.unref();
  return {
    firstRun,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
