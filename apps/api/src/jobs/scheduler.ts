import type { DatabaseHandle } from '../db/database.ts';
import { runDailyClock, type DailyClockReport } from './daily-clock.ts';
import { parisToday } from '../requests/french-date.ts';
import { foldStateCounts } from '../requests/state-counts.ts';
import { foldRequestRevision } from '../requests/request-revision.ts';
import { createJobQueue } from './job-queue.ts';
import { retryPublications, type PublicationDeps } from '../requests/acts/act-publication.ts';
import { ghostscriptPdfA } from '../files/pdf-a.ts';

/** The legal clock's daily job (jobs/daily-clock.ts). */
export const DAILY_CLOCK_QUEUE = 'legal-clock-daily';
/** Every day at 6:00, Paris time: digests are in the mailboxes when the instructors arrive. */
export const DAILY_CLOCK_CRON = '0 6 * * *';
const TIME_ZONE = 'Europe/Paris';
/**
 * The fold of the kept request counts (requests/state-counts.ts) and of the requests' revision
 * (requests/request-revision.ts): a few rows each, always.
 */
export const STATE_COUNTS_QUEUE = 'request-state-counts-fold';
const STATE_COUNTS_CRON = '*/10 * * * *';
/** The publications of traffic orders still to do (requests/acts/act-publication.ts). */
export const PUBLICATION_RETRY_QUEUE = 'act-publication-retry';
const PUBLICATION_RETRY_CRON = '*/5 * * * *';

export interface SchedulerLogger {
  info(data: object, message: string): void;
  error(data: object, message: string): void;
}

export interface SchedulerOptions {
  database: DatabaseHandle;
  databaseUrl?: string | undefined;
  publicUrl: string;
  logger: SchedulerLogger;
  /** Mails were queued: the sender may flush. */
  onMailQueued: () => void;
  /** The clock (tests simulate days). */
  now?: () => Date;
  /** How often a worker looks for a job (pg-boss's default: 2 s). */
  pollingIntervalSeconds?: number;
  /** Run today's job once at start-up (a missed 6:00 while the portal was down is caught up). */
  catchUp?: boolean;
  /** The file store and seal settings the publication's retries need; none: not scheduled. */
  publication?: Pick<PublicationDeps, 'store' | 'config'>;
}

export interface Scheduler {
  /** Queues the daily job for `day` (today by default); null when one is already waiting. */
  queueDailyClock(day?: string): Promise<string | null>;
  /** Called with each run's report (tests wait for it). */
  onRun(listener: (run: { day: string; report: DailyClockReport }) => void): void;
  stop(): Promise<void>;
}

/**
 * The portal's scheduled jobs on pg-boss: schedules and jobs are rows of the
 * database, not timers of a process, so a restart loses nothing and, with several instances on
 * one PostgreSQL, pg-boss's cron queues each run once and a single worker takes it. The job's
 * own steps are also once per day and request whoever runs them (daily-clock.ts), so a retried
 * or caught-up job mails nobody twice.
 */
export async function startScheduler(options: SchedulerOptions): Promise<Scheduler> {
  const now = options.now ?? (() => new Date());
  const boss = createJobQueue(options.database, {
    databaseUrl: options.databaseUrl,
    ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  // 'short': at most one waiting job per key, so a start-up catch-up never piles on the cron's.
  await boss.createQueue(DAILY_CLOCK_QUEUE, {
    name: DAILY_CLOCK_QUEUE,
    policy: 'short',
    retryLimit: 5,
    retryDelay: 300,
    expireInSeconds: 1800,
  });
  await boss.schedule(DAILY_CLOCK_QUEUE, DAILY_CLOCK_CRON, {}, { tz: TIME_ZONE, singletonKey: 'cron' });
  await boss.createQueue(STATE_COUNTS_QUEUE, {
    name: STATE_COUNTS_QUEUE,
    policy: 'short',
    expireInSeconds: 300,
  });
  await boss.schedule(STATE_COUNTS_QUEUE, STATE_COUNTS_CRON, {}, { tz: TIME_ZONE, singletonKey: 'cron' });
  await boss.work(
    STATE_COUNTS_QUEUE,
    options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {},
    async () => {
      await foldStateCounts(options.database.db);
      await foldRequestRevision(options.database.db);
    },
  );
  const publication = options.publication;
  if (publication) {
    await boss.createQueue(PUBLICATION_RETRY_QUEUE, {
      name: PUBLICATION_RETRY_QUEUE,
      policy: 'short',
      expireInSeconds: 900,
    });
    await boss.schedule(
      PUBLICATION_RETRY_QUEUE,
      PUBLICATION_RETRY_CRON,
      {},
      { tz: TIME_ZONE, singletonKey: 'cron' },
    );
    await boss.work(
      PUBLICATION_RETRY_QUEUE,
      options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {},
      async () => {
        const published = await retryPublications({
          ...publication,
          db: options.database.db,
          pdfA: ghostscriptPdfA(),
        });
        if (published > 0) options.logger.info({ published }, 'acts: pending publications done');
      },
    );
  }
  const listeners: ((run: { day: string; report: DailyClockReport }) => void)[] = [];
  await boss.work<{ day?: string }>(
    DAILY_CLOCK_QUEUE,
    options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {},
    async ([job]) => {
      const day = job?.data.day ?? parisToday(now());
      const report = await runDailyClock({ db: options.database.db, publicUrl: options.publicUrl }, day);
      options.onMailQueued();
      options.logger.info({ day, ...report }, 'legal clock: daily run done');
      for (const listener of listeners) listener({ day, report });
    },
  );
  // 'short' alone keeps one *waiting* job per day: a send landing once the first is active
  // queued a second run (two instances starting together). A day-long singleton slot holds
  // the key while the job exists, waiting, active or done, so the day is queued once; the
  // slot is a UTC day, and a send either side of midnight UTC may still queue twice — the
  // run's steps are once per day themselves (daily-clock.ts), so nobody is mailed twice.
  const queueDailyClock = (day: string = parisToday(now())) =>
    boss.send(DAILY_CLOCK_QUEUE, { day }, { singletonKey: day, singletonSeconds: 86_400 });
  if (options.catchUp) await queueDailyClock();
  return {
    queueDailyClock,
    onRun: (listener) => void listeners.push(listener),
    stop: () => boss.stop({ graceful: true, timeout: 10_000, wait: true }),
  };
}
