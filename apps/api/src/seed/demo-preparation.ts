import { sql, type Kysely } from 'kysely';
import { DEMO_PREPARATION_TEXTS, type DemoPreparation } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import type { DemoGeoSize, DemoManifest } from '../geo/demo/index.ts';
import { DEMO_LAYERS, importDemoGeography } from './demo-geography.ts';
import { seedDemoRequests } from './demo-requests.ts';

// A first start's demo data (docs/operations.md « Premier démarrage »): the portal answers at once and
// the demo geography and requests are imported behind it, each batch in a transaction of its
// own, so that a sign-in or a filing waits at most one batch. The state lives in app_setting —
// every instance reads it, and a preparation cut short (a crash, a stop) is taken up again at
// the next start: its row stays until the end, and the importers upsert.

/** The app_setting key present while the demo data is being prepared. */
const PREPARATION_SETTING = 'demo_preparation';

/**
 * A preparation that has not written its progress for this long is a stopped instance's: the
 * next start takes it over. Progress is written at least every PROGRESS_WRITE_MS while it runs.
 */
const STALE_AFTER_MS = 60_000;
const PROGRESS_WRITE_MS = 500;

/** The share of the work the geography is (its files); the requests are the rest. */
const GEOGRAPHY_SHARE = 0.9;

interface StoredPreparation {
  progress: number;
  /** Epoch ms of the last write, for STALE_AFTER_MS. */
  at: number;
}

const stored = (progress: number): string =>
  JSON.stringify({ progress, at: Date.now() } satisfies StoredPreparation);

/**
 * Whether the demo geography is missing — no road network, or a preparation cut short — and,
 * if so, claims its preparation for this instance: 'claimed', or 'elsewhere' while another
 * live instance holds it; 'none' when there is nothing to prepare. `exclusive`: the database is
 * this process's alone (embedded), so a preparation found is a stopped one's, taken over at once.
 * Called before the server listens, so that its first answers already say it.
 */
export async function claimDemoPreparation(
  db: Kysely<Database>,
  { exclusive }: { exclusive: boolean },
): Promise<'claimed' | 'elsewhere' | 'none'> {
  const roads = await db.selectFrom('roadSegment').select('id').limit(1).executeTakeFirst();
  const interrupted = await db
    .selectFrom('appSetting')
    .select('key')
    .where('key', '=', PREPARATION_SETTING)
    .executeTakeFirst();
  if (roads && !interrupted) {
    known = { preparation: null, own: false };
    return 'none';
  }
  const { rows } = await sql<{ key: string }>`
    INSERT INTO app_setting (key, value) VALUES (${PREPARATION_SETTING}, ${stored(0)})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value
    WHERE ${exclusive ? sql`true` : sql`(app_setting.value::json->>'at')::bigint < ${Date.now() - STALE_AFTER_MS}`}
    RETURNING key`.execute(db);
  const claimed = rows.length > 0;
  known = { preparation: preparing(0), own: claimed };
  return claimed ? 'claimed' : 'elsewhere';
}

export interface DemoPreparationOptions {
  size: DemoGeoSize;
  dataDir: string;
  /** The files, already being written on a worker thread (server.ts). */
  files?: Promise<DemoManifest>;
  log: (line: string) => void;
}

/**
 * The demo road network, before the portal answers (a second or two): without it the wizard
 * refuses every place (« Aucune voie trouvée »). Claimed first (claimDemoPreparation).
 */
export async function prepareDemoRoads(db: Kysely<Database>, options: DemoPreparationOptions): Promise<void> {
  await importDemoGeography(db, { ...geographyOf(options), layers: ['roads'] });
}

/**
 * The rest of the demo geography, then the demo requests, once the portal answers: each batch
 * commits on its own and the progress is written as it goes; the preparation is cleared at the
 * end. Never throws: a failure is logged and left for the next start to take over.
 */
export async function prepareDemoData(
  db: Kysely<Database>,
  options: DemoPreparationOptions & { store: FileStore },
): Promise<{ ok: boolean }> {
  const progress = progressWriter(db);
  try {
    await importDemoGeography(db, {
      ...geographyOf(options),
      layers: DEMO_LAYERS.filter((layer) => layer !== 'roads'),
      commitEachBatch: true,
      onProgress: (share) => progress.set(share * GEOGRAPHY_SHARE),
    });
    progress.set(GEOGRAPHY_SHARE);
    await seedDemoRequests(db, { store: options.store, evenIfRequests: true });
    await progress.stop();
    await db.deleteFrom('appSetting').where('key', '=', PREPARATION_SETTING).execute();
    known = { preparation: null, own: false };
    return { ok: true };
  } catch (error) {
    await progress.stop();
    // Stale at once: no screen shows it any more, and the next start takes it over.
    await db
      .updateTable('appSetting')
      .set({ value: JSON.stringify({ progress: 0, at: 0 } satisfies StoredPreparation) })
      .where('key', '=', PREPARATION_SETTING)
      .execute()
      .catch(() => undefined);
    known = { preparation: null, own: false };
    options.log(`Préparation des données de démonstration interrompue : ${(error as Error).message}`);
    return { ok: false };
  }
}

/** The geography's options of a preparation (what is there already is imported again). */
function geographyOf(options: DemoPreparationOptions) {
  return {
    size: options.size,
    dataDir: options.dataDir,
    log: options.log,
    ...(options.files && { files: options.files }),
  };
}

/** Writes the latest progress at most every PROGRESS_WRITE_MS, one write at a time. */
function progressWriter(db: Kysely<Database>) {
  let latest = 0;
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    lastWrite = Date.now();
    writing = writing.then(() =>
      db
        .updateTable('appSetting')
        .set({ value: stored(latest) })
        .where('key', '=', PREPARATION_SETTING)
        .execute()
        .then(
          () => undefined,
          () => undefined, // a missed progress write only delays the bar
        ),
    );
  };
  // A long step without progress (the requests) keeps the claim fresh.
  const heartbeat = setInterval(write, STALE_AFTER_MS / 4);
  heartbeat.unref();
  return {
    set(share: number) {
      latest = Math.min(1, Math.max(latest, share));
      known = { preparation: preparing(latest), own: true };
      if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) write();
    },
    async stop() {
      clearInterval(heartbeat);
      await writing;
    },
  };
}

/**
 * This process's view of the preparation, for GET health, which never waits on the database
 * (its probe answers while a long statement holds the embedded one): set when this instance
 * claims it or finds it held elsewhere, kept up by its own progress, and otherwise refreshed from
 * the database by GET config and — without waiting for the answer — by GET health.
 */
let known: { preparation: DemoPreparation | null; own: boolean } = { preparation: null, own: false };
let refreshing: Promise<unknown> | null = null;

const preparing = (progress: number): DemoPreparation => ({
  message: DEMO_PREPARATION_TEXTS.message,
  progress,
});

/** GET config: the demo preparation in progress (any live instance's), or null, read now. */
export async function readDemoPreparation(db: Kysely<Database>): Promise<DemoPreparation | null> {
  if (known.own) return known.preparation;
  const row = await db
    .selectFrom('appSetting')
    .select('value')
    .where('key', '=', PREPARATION_SETTING)
    .executeTakeFirst();
  const value = row ? (JSON.parse(row.value) as StoredPreparation) : null;
  const fresh = value && Date.now() - value.at <= STALE_AFTER_MS ? preparing(value.progress) : null;
  if (!known.own) known = { preparation: fresh, own: false };
  return fresh;
}

/** GET health: what this process knows, at once; another instance's is read again meanwhile. */
export function knownDemoPreparation(db: Kysely<Database>): DemoPreparation | null {
  if (known.preparation && !known.own && !refreshing)
    refreshing = readDemoPreparation(db)
      .catch(() => undefined)
      .finally(() => (refreshing = null));
  return known.preparation;
}
