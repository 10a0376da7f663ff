import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SessionManager } from '../../apps/api/src/accounts/sessions.ts';
import {
  fromPglite,
  fromPostgresUrl,
  openDatabase,
  type DatabaseHandle,
} from '../../apps/api/src/db/database.ts';
import { openPglite } from '../../apps/api/src/db/pglite.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { FileStore } from '../../apps/api/src/files/file-store.ts';
import type { SweepReport } from '../../apps/api/src/files/file-sweeper.ts';
import { filingPayload } from '../../apps/api/test/filing-helpers.ts';
import { bundleServer, ServerProcess } from './server-process.ts';

// The fault run (README.md "Production"): the real server, kill -9 at random moments while filings and
// uploads stream in, restarts, then the start-up sweep; and the invariants checked in the
// database and on disk: no half-created request, no row without its file, no orphan or
// temporary file, no duplicate filing (the client retries every filing whose answer was lost,
// with the same Idempotency-Key).

interface KillScenarioOptions {
  /** How many times the server is killed (-9) under load. */
  kills: number;
  /** Concurrent filing clients and document uploaders. */
  filers?: number;
  uploaders?: number;
  /** Time under load before each kill (ms): at random between these (1 to 3 s by default). */
  minLoadMs?: number;
  maxLoadMs?: number;
  /** PostgreSQL (admin URL): a throwaway database is created and dropped. Absent: PGlite. */
  databaseUrl?: string;
  /** A migrated PGlite dump (the API tests' template) to start from, instead of creating one. */
  pgliteTemplate?: string;
  log?: (line: string) => void;
}

/** What the run did and found (the figures the issue asks for). */
export interface KillScenarioReport {
  database: 'pglite' | 'postgres';
  kills: number;
  filingsSent: number;
  filingsLost: number;
  filingKeys: number;
  filedKeys: number;
  refusedFilings: number;
  uploadsSent: number;
  uploadsStored: number;
  requests: number;
  duplicateFilings: number;
  idMismatches: number;
  halfCreatedRequests: number;
  rowsWithoutFile: number;
  /** What the start-up sweep after the last kill removed (what the kills had left). */
  sweep: SweepReport;
  orphanFiles: number;
  tempFiles: number;
  seconds: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const JWT_SECRET = 'fault-run-secret-not-for-production-0123456789';
const MB = 1024 * 1024;

interface Filing {
  key: string;
  state: 'new' | 'lost' | 'filed' | 'refused';
  inFlight: boolean;
  requestId?: number;
}

/** A PDF of a random size (256 KB to 2 MB, so that kills fall during uploads). */
function randomPdf(): Buffer {
  const size = 256 * 1024 + Math.floor(Math.random() * 1.75 * MB);
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size), Buffer.from('\n%%EOF\n')]);
}

/** A piece's content: mostly new, sometimes one shared by several filings (one stored file). */
function pieceContent(shared: readonly Buffer[]): Buffer {
  return Math.random() < 0.2 ? shared[Math.floor(Math.random() * shared.length)]! : randomPdf();
}

const pdfBlob = (content: Buffer) => new Blob([new Uint8Array(content)], { type: 'application/pdf' });

/** Where the run keeps its data: a temporary DATA_DIR, and PGlite in it or a throwaway PostgreSQL database. */
interface Target {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  open(): Promise<DatabaseHandle>;
  /** The same database for reading plain tables only (no PostGIS loaded: the embedded one opens faster). */
  openForReading(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

async function prepareTarget(options: KillScenarioOptions): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voirie-fault-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    JWT_SECRET,
    LOG_LEVEL: 'info',
    FILING_MAX_PER_HOUR: '100000',
    MAIL_MAX_PER_ACCOUNT_PER_DAY: '100000',
    SMTP_URL: '',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  delete env.DATABASE_URL;
  delete env.FILE_SWEEP_GRACE_SECONDS;
  if (!options.databaseUrl) {
    return {
      dataDir,
      env,
      open: () => openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }),
      openForReading: async () => fromPglite(await openPglite({ dataDir: path.join(dataDir, 'pglite') })),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `voirie_fault_${randomBytes(6).toString('hex')}`;
  const url = new URL(options.databaseUrl);
  const admin = await fromPostgresUrl(options.databaseUrl, { max: 1 });
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  await admin.close();
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  return {
    dataDir,
    env,
    open: () => fromPostgresUrl(url.toString(), { max: 2 }),
    openForReading: () => fromPostgresUrl(url.toString(), { max: 2 }),
    drop: async () => {
      const dropper = await fromPostgresUrl(options.databaseUrl!, { max: 1 });
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(dropper.db);
      await dropper.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Migrates (or copies the template), adds the fixture road, a filer and an instructor with their sessions. */
async function seed(target: Target, pgliteTemplate?: string) {
  const handle =
    pgliteTemplate && !target.env.DATABASE_URL
      ? fromPglite(
          await openPglite({
            dataDir: path.join(target.dataDir, 'pglite'),
            loadDataDir: new Blob([await readFile(pgliteTemplate)]),
          }),
        )
      : await target.open();
  try {
    await migrateToLatest(handle.db);
    // The road under filingPayload's footprint (the Rue des Pins of the API tests' fixtures).
    await sql`INSERT INTO road_segment (source, source_id, typevoie, name, numero, in_urban, insee_code, geom)
      VALUES ('fault', 'pins', 'Voie communale', 'Rue des Pins', NULL, false, '40065',
        ST_GeomFromText('LINESTRING(-1.4300 43.6310, -1.4280 43.6310)', 4326))`.execute(handle.db);
    const sessions = await SessionManager.create(handle.db, { secret: JWT_SECRET, ttlSeconds: 24 * 3600 });
    const account = async (email: string, role: string) => {
      const { id } = await handle.db
        .insertInto('stdUser')
        .values({
          email,
          passwordHash: null,
          firstName: 'Panne',
          lastName: role,
          emailValidatedAt: sql`now()`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await handle.db.insertInto('userRole').values({ userId: id, roleCode: role }).execute();
      return { id, email, authorization: `Bearer ${await sessions.issue(id)}` };
    };
    return {
      filer: await account('deposant.panne@exemple.fr', 'ROLE_DEMANDEUR'),
      instructor: await account('instructeur.panne@exemple.fr', 'ROLE_INSTRUCTEUR'),
    };
  } finally {
    await handle.close();
  }
}

type Accounts = Awaited<ReturnType<typeof seed>>;

/** The load: filings (retried with their key while their answer is lost) and document uploads. */
class Load {
  readonly filings: Filing[] = [];
  readonly counts = {
    filingsSent: 0,
    filingsLost: 0,
    refusedFilings: 0,
    uploadsSent: 0,
    uploadsStored: 0,
    idMismatches: 0,
  };
  private readonly shared = [randomPdf(), randomPdf(), randomPdf()];

  private readonly waitingForAnswer: (() => void)[] = [];

  constructor(private readonly accounts: Accounts) {}

  /** Resolves at the next HTTP answer (of any request): the server is up and working. */
  nextAnswer(): Promise<void> {
    return new Promise((resolve) => this.waitingForAnswer.push(resolve));
  }

  private answered(): void {
    for (const resolve of this.waitingForAnswer.splice(0)) resolve();
  }

  /** Sends a filing with its key; any answer is final, no answer (killed server) leaves it lost. */
  async file(origin: string, filing: Filing): Promise<void> {
    filing.inFlight = true;
    this.counts.filingsSent += 1;
    const payload = filingPayload(2, {
      parties: {
        petitioner: {
          nature: 'Particulier',
          title: 'Madame',
          lastName: 'Panne',
          firstName: 'Marie',
          email: this.accounts.filer.email,
          phone: '0601020304',
        },
      },
    });
    const form = new FormData();
    form.append('request', JSON.stringify(payload));
    form.append('document-1', pdfBlob(pieceContent(this.shared)), 'situation.pdf');
    form.append('document-3', pdfBlob(pieceContent(this.shared)), 'plan.pdf');
    try {
      const res = await fetch(`${origin}/api/request`, {
        method: 'POST',
        headers: { authorization: this.accounts.filer.authorization, 'idempotency-key': filing.key },
        body: form,
        signal: AbortSignal.timeout(60_000),
      });
      this.answered();
      const body = (await res.json()) as { data?: { id?: number } };
      if (res.status === 201 && typeof body.data?.id === 'number') {
        if (filing.requestId !== undefined && filing.requestId !== body.data.id)
          this.counts.idMismatches += 1;
        filing.requestId = body.data.id;
        filing.state = 'filed';
      } else if (res.status >= 500 || res.status === 429) {
        filing.state = 'lost';
      } else {
        filing.state = 'refused';
        this.counts.refusedFilings += 1;
      }
    } catch {
      // No answer: the server died with the filing in flight. Retried later, same key.
      filing.state = 'lost';
      this.counts.filingsLost += 1;
    } finally {
      filing.inFlight = false;
    }
  }

  /** A lost filing to retry, else a new one. */
  next(): Filing {
    const lost = this.filings.find((filing) => filing.state === 'lost' && !filing.inFlight);
    if (lost) return lost;
    const filing: Filing = { key: randomUUID(), state: 'new', inFlight: false };
    this.filings.push(filing);
    return filing;
  }

  /** An instructor attaches a piece to a filed request (fields first, then the file). */
  async upload(origin: string): Promise<void> {
    const filed = this.filings.filter((filing) => filing.requestId !== undefined);
    const target = filed[Math.floor(Math.random() * filed.length)]?.requestId;
    if (target === undefined) {
      await sleep(50);
      return;
    }
    this.counts.uploadsSent += 1;
    const form = new FormData();
    form.append('requestId', String(target));
    form.append('typeDocumentId', '1');
    form.append('file', pdfBlob(pieceContent(this.shared)), 'complement.pdf');
    try {
      const res = await fetch(`${origin}/api/document`, {
        method: 'POST',
        headers: { authorization: this.accounts.instructor.authorization },
        body: form,
        signal: AbortSignal.timeout(60_000),
      });
      this.answered();
      await res.arrayBuffer();
      if (res.status === 201) this.counts.uploadsStored += 1;
    } catch {
      // Killed mid-upload: nothing to retry (the check is that nothing is left half-done).
    }
  }

  /** Runs the clients until `stop` resolves, then waits for the ones in flight. */
  async run(
    origin: string,
    options: { filers: number; uploaders: number; stop: Promise<void> },
  ): Promise<void> {
    let stopped = false;
    void options.stop.then(() => {
      stopped = true;
    });
    const loop = async (step: () => Promise<void>) => {
      while (!stopped) await step();
    };
    await Promise.all([
      ...Array.from({ length: options.filers }, () => loop(() => this.file(origin, this.next()))),
      ...Array.from({ length: options.uploaders }, () => loop(() => this.upload(origin))),
    ]);
  }

  /** Retries every lost filing until each has its final answer. */
  async settle(origin: string): Promise<void> {
    for (let round = 0; round < 5; round++) {
      const lost = this.filings.filter((filing) => filing.state === 'lost');
      if (lost.length === 0) return;
      await Promise.all(lost.map((filing) => this.file(origin, filing)));
    }
  }
}

/** What is on disk and in the database now (the server stopped). */
async function inspect(target: Target, filerId: number) {
  const handle = await target.openForReading();
  try {
    const db = handle.db;
    const store = new FileStore(target.dataDir);
    const requests = Number(
      (
        await db
          .selectFrom('request')
          .select(sql<number>`count(*)`.as('n'))
          .where('ownerUserId', '=', filerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const halfCreated = await sql<{ id: number }>`
      SELECT r.id FROM request r
      WHERE r.owner_user_id = ${filerId} AND (
        NOT EXISTS (SELECT 1 FROM petitioner p WHERE p.id = r.petitioner_id)
        OR (r.type = 2 AND r.alignment_id IS NULL) OR (r.type <> 2 AND r.cerfa14023_id IS NULL)
        OR NOT EXISTS (SELECT 1 FROM history_log h WHERE h.entity = 'request' AND h.entity_id = r.id AND h.context = 'Dépôt de la demande')
        OR (SELECT count(DISTINCT d.type_document_id) FROM document d WHERE d.request_id = r.id AND d.type_document_id IN (1, 3)) < 2
        OR NOT EXISTS (SELECT 1 FROM filing_idempotency_key k WHERE k.request_id = r.id))`.execute(db);
    const documents = await db.selectFrom('document').select(['sha256', 'storageKey']).execute();
    let rowsWithoutFile = 0;
    for (const document of documents)
      if ((await store.sizeOf(document.storageKey)) === null) rowsWithoutFile += 1;
    const referenced = new Set(documents.map((document) => document.sha256));
    let orphanFiles = 0;
    for await (const file of store.storedFiles()) if (!referenced.has(file.sha256)) orphanFiles += 1;
    // The uploads' area, and the copies a kill cut short beside their place in the store.
    let tempFiles = 0;
    for (const listing of [store.listTemp(), store.storage.interruptedWrites('files/')])
      for await (const _file of listing) tempFiles += 1;
    return { requests, halfCreated: halfCreated.rows.length, rowsWithoutFile, orphanFiles, tempFiles };
  } finally {
    await handle.close();
  }
}

/** The whole run; the report says what was found (the caller asserts or prints it). */
export async function runKillScenario(options: KillScenarioOptions): Promise<KillScenarioReport> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const log = (line: string) => options.log?.(`[${elapsed()}] ${line}`);
  const target = await prepareTarget(options);
  let bundle: Awaited<ReturnType<typeof bundleServer>> | undefined;
  // Every server started, so that none outlives a failed run.
  const servers: ServerProcess[] = [];
  const start = async (env: NodeJS.ProcessEnv, entry: string) => {
    const server = await ServerProcess.start(env, { entry });
    servers.push(server);
    return server;
  };
  try {
    bundle = await bundleServer();
    log(
      `données : ${target.dataDir} ; base : ${options.databaseUrl ? 'PostgreSQL (base jetable)' : 'PGlite'}`,
    );
    const accounts = await seed(target, options.pgliteTemplate);
    const load = new Load(accounts);
    const minLoadMs = options.minLoadMs ?? 1000;
    const maxLoadMs = Math.max(minLoadMs, options.maxLoadMs ?? 3000);
    for (let kill = 1; kill <= options.kills; kill++) {
      const server = await start(target.env, bundle.entry);
      const killAfter = minLoadMs + Math.floor(Math.random() * (maxLoadMs - minLoadMs));
      // Counted from the round's first answer (a cold embedded database is slow to answer at
      // first): each kill falls while the server works, with requests in flight.
      const warm = Promise.race([load.nextAnswer(), sleep(20_000)]);
      const killed = warm.then(() => sleep(killAfter)).then(() => server.kill());
      await load.run(server.origin, {
        filers: options.filers ?? 3,
        uploaders: options.uploaders ?? 2,
        stop: killed,
      });
      await killed;
      const lost = load.filings.filter((filing) => filing.state === 'lost').length;
      log(
        `kill -9 n° ${String(kill)} après ${String(killAfter)} ms de charge : ${String(lost)} dépôt(s) sans réponse`,
      );
    }

    // Restart, with no grace for this start-up sweep (nothing else runs until it is done)...
    const server = await start({ ...target.env, FILE_SWEEP_GRACE_SECONDS: '0' }, bundle.entry);
    const line = await server.waitForLine((text) => text.includes('"file sweep done"'));
    const sweep = (JSON.parse(line) as { sweep: SweepReport }).sweep;
    log(
      `balayage au démarrage : ${String(sweep.orphanFiles)} fichier(s) orphelin(s), ${String(sweep.tempFiles)} temporaire(s)`,
    );
    // ...then every filing whose answer was lost is sent again, with its key.
    await load.settle(server.origin);
    log(
      `renvois faits : ${String(load.filings.filter((filing) => filing.state === 'lost').length)} dépôt(s) encore sans réponse`,
    );
    await server.stop();
    log('serveur arrêté');
    const after = await inspect(target, accounts.filer.id);
    log('vérifié');

    const filedKeys = load.filings.filter((filing) => filing.state === 'filed').length;
    return {
      database: options.databaseUrl ? 'postgres' : 'pglite',
      kills: options.kills,
      ...load.counts,
      filingKeys: load.filings.length,
      filedKeys,
      requests: after.requests,
      duplicateFilings: after.requests - filedKeys,
      halfCreatedRequests: after.halfCreated,
      rowsWithoutFile: after.rowsWithoutFile,
      sweep,
      orphanFiles: after.orphanFiles,
      tempFiles: after.tempFiles,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    for (const server of servers) await server.kill();
    await bundle?.remove();
    await target.drop();
  }
}
