import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import {
  featureError,
  ImportError,
  ImportProblems,
  lineError,
  messageOf,
  type ImportKind,
} from './errors.ts';
import { resolveSource, type ImportInput, type OpenedSource, type SourceHandle } from './source.ts';

/** Options common to every importer. */
export interface ImportOptions {
  /**
   * Keep only the 23 member towns (default true): parcels and addresses by their INSEE code,
   * roads and zones when they intersect a member town. Off: everything is imported.
   */
  territoryFilter?: boolean;
  /**
   * The file is the reference for the towns it covers (default true): after the upsert, rows
   * of those towns that the file no longer has are deleted (zones: the whole set).
   */
  replace?: boolean;
  /** Rows per INSERT (default 1000). */
  batchSize?: number;
  /** Coordinate system of GeoJSON input (default 4326; 2154 for Lambert-93), stored in 4326. */
  srid?: number;
  /**
   * Most records: a file (read once first, without the database) with more is refused and
   * nothing is done (`tooMany` says why). An import through the portal holds the database's one
   * connection (embedded) while it runs.
   */
  maxRecords?: { count: number; tooMany: string };
  /**
   * Reads on past a bad record, up to this many, and then refuses them all together
   * (`ImportProblems`, nothing written): an administrator's upload names every bad feature at
   * once instead of one per attempt. Without it the first bad record stops the import.
   */
  reportProblems?: number;
  /**
   * Commits each batch in a transaction of its own instead of the whole import in one, so that
   * other requests pass between batches (the embedded database has one connection): the demo
   * data of a first start, imported while the portal answers. Only without `replace` (the
   * replacement deletes what one transaction did not write); a failure keeps the batches
   * before it, and the import is run again whole (upserts).
   */
  commitEachBatch?: boolean;
  /** Called at most every `progressIntervalMs` (default 200) and once at the end. */
  onProgress?: (progress: ImportProgress) => void;
  progressIntervalMs?: number;
}

export interface ImportProgress {
  kind: ImportKind;
  /** Raw bytes read (compressed for .gz) and the input size, when known. */
  bytesRead: number;
  totalBytes: number | null;
  /** Records read so far. */
  read: number;
  elapsedMs: number;
  done: boolean;
}

export interface ImportSummary {
  kind: ImportKind;
  source: string;
  /** Records read (features or CSV rows). */
  read: number;
  inserted: number;
  /** Already present: updated in place. */
  updated: number;
  /** Not imported: outside the territory, not a road… (details in skippedReasons). */
  skipped: number;
  skippedReasons: Record<string, number>;
  /** Rows of the covered towns the file no longer has (option replace). */
  deleted: number;
  durationMs: number;
}

/** One record read: a GeoJSON feature or a CSV row, with its number. */
export interface NumberedRecord<T> {
  number: number;
  data: T;
}

/** A record gives rows (a MultiLineString road: one per line), or is skipped with a reason. */
export type Converted<Row> = { rows: Row[] } | { skip: string };

export interface BatchResult {
  inserted: number;
  updated: number;
  /** Towns of the rows written (for the replacement), when the SQL decides them. */
  towns?: readonly string[];
}

/** What an importer provides to the common driver. */
export interface Importer<Record, Row> {
  kind: ImportKind;
  unit: 'ligne' | 'entité';
  records(handle: SourceHandle, opened: OpenedSource): AsyncIterable<NumberedRecord<Record>[]>;
  /** Checks and maps a record; throws the reason (a string) for bad input. */
  convert(record: Record): Converted<Row>;
  /** The key of the upsert (a second row with the same key goes to the next batch). */
  key(row: Row): string;
  /** The town of a row, when known before SQL. */
  town?(row: Row): string | null;
  /** Upserts a batch; rows not returned by the SQL count as skipped (outside the territory). */
  write(db: Kysely<Database>, rows: Row[]): Promise<BatchResult>;
  /** Deletes the rows of `towns` not written by this import; returns the count. */
  deleteStale(db: Kysely<Database>, towns: readonly string[]): Promise<number>;
  /** Runs last, in the same transaction. */
  finish?(db: Kysely<Database>, summary: ImportSummary): Promise<void>;
}

/** Reason of rows the SQL filter left out. */
export const OUTSIDE_TERRITORY = 'hors territoire';

/** Thrown by `convert` with the French reason; the driver adds the feature or line number. */
export class RecordProblem extends Error {}

/** Runs `work` on a transaction: the import's one, or a new one (`commitEachBatch`). */
type InTransaction = <T>(work: (db: Kysely<Database>) => Promise<T>) => Promise<T>;

/**
 * Runs an import in ONE transaction: read (streamed), convert, upsert by batches, delete the
 * stale rows, finish. Any error rolls everything back: the previous data stays intact. With
 * `commitEachBatch`, each batch and the finish commit on their own instead.
 */
export async function runImport<Record, Row>(
  db: Kysely<Database>,
  importer: Importer<Record, Row>,
  input: ImportInput,
  options: ImportOptions,
): Promise<ImportSummary> {
  const started = performance.now();
  const handle = await resolveSource(input);
  const batchSize = options.batchSize ?? 1000;
  const interval = options.progressIntervalMs ?? 200;
  const summary: ImportSummary = {
    kind: importer.kind,
    source: handle.name,
    read: 0,
    inserted: 0,
    updated: 0,
    skipped: 0,
    skippedReasons: {},
    deleted: 0,
    durationMs: 0,
  };
  const skip = (reason: string, count = 1) => {
    if (count <= 0) return;
    summary.skipped += count;
    summary.skippedReasons[reason] = (summary.skippedReasons[reason] ?? 0) + count;
  };
  const locate = (number: number, reason: string) =>
    importer.unit === 'ligne' ? lineError(number, reason) : featureError(number, reason);

  let opened: OpenedSource | null = null;
  let lastReport = 0;
  const report = (done: boolean) => {
    if (!options.onProgress || !opened) return;
    const now = performance.now();
    if (!done && now - lastReport < interval) return;
    lastReport = now;
    options.onProgress({
      kind: importer.kind,
      bytesRead: opened.bytesRead(),
      totalBytes: handle.totalBytes,
      read: summary.read,
      elapsedMs: now - started,
      done,
    });
  };

  if (options.maxRecords) await refusePast(importer, handle, options.maxRecords);
  if (options.commitEachBatch && options.replace !== false)
    throw new Error('commitEachBatch needs replace: false');
  const body = async (inTransaction: InTransaction) => {
    const source = handle.open();
    opened = source;
    const towns = new Set<string>();
    let pending: Row[] = [];
    let keys = new Set<string>();
    let firstNumber = 0;
    let lastNumber = 0;
    // One batch is written while the next is read: the database (PostgreSQL's server, or the
    // embedded one on its own thread) works while Node parses. A failure is kept and thrown at
    // the next flush, with the numbers of its batch.
    let inflight: Promise<void> = Promise.resolve();
    let failure: ImportError | null = null;
    const write = async (rows: Row[], from: number, to: number) => {
      let result: BatchResult;
      try {
        result = await inTransaction((trx) => importer.write(trx, rows));
      } catch (error) {
        const range = from === to ? `${from}` : `${from} à ${to}`;
        const what = importer.unit === 'ligne' ? `Lignes ${range}` : `Entités n° ${range}`;
        failure ??= new ImportError(`${what} : refusé par la base de données (${messageOf(error)}).`);
        return;
      }
      summary.inserted += result.inserted;
      summary.updated += result.updated;
      skip(OUTSIDE_TERRITORY, rows.length - result.inserted - result.updated);
      if (result.towns) for (const town of result.towns) towns.add(town);
      else if (importer.town) {
        for (const row of rows) {
          const town = importer.town(row);
          if (town) towns.add(town);
        }
      }
    };
    const settle = async () => {
      await inflight;
      if (failure) throw failure;
    };
    const flush = async () => {
      await settle();
      if (pending.length === 0) return;
      const rows = pending;
      pending = [];
      keys = new Set();
      inflight = write(rows, firstNumber, lastNumber);
    };

    const problems: ImportError[] = [];
    const refuse = (problem: ImportError) => {
      if (!options.reportProblems) throw problem;
      problems.push(problem);
      if (problems.length >= options.reportProblems) throw new ImportProblems(problems);
    };
    try {
      for await (const records of importer.records(handle, source)) {
        for (const record of records) {
          summary.read += 1;
          if (options.maxRecords && summary.read > options.maxRecords.count)
            throw new ImportError(options.maxRecords.tooMany);
          let converted: Converted<Row>;
          try {
            converted = importer.convert(record.data);
          } catch (error) {
            if (!(error instanceof RecordProblem)) throw error;
            refuse(locate(record.number, error.message));
            continue;
          }
          // Past a refusal nothing more is written: the whole import will be rolled back.
          if (problems.length > 0) continue;
          if ('skip' in converted) {
            skip(converted.skip);
            continue;
          }
          for (const row of converted.rows) {
            const key = importer.key(row);
            if (keys.has(key)) await flush(); // the same key twice in one INSERT … ON CONFLICT is refused
            if (pending.length === 0) firstNumber = record.number;
            lastNumber = record.number;
            pending.push(row);
            keys.add(key);
            if (pending.length >= batchSize) await flush();
          }
        }
        report(false);
      }
      if (problems.length > 0) throw new ImportProblems(problems);
      await flush();
      await settle();
    } finally {
      await inflight; // never end the transaction with a query still running
    }
    // An empty (or wholly skipped) file replaces nothing: more likely a mistake than an order to delete.
    if (options.replace !== false && summary.inserted + summary.updated > 0)
      summary.deleted = await inTransaction((trx) => importer.deleteStale(trx, [...towns].sort()));
    summary.durationMs = performance.now() - started;
    if (importer.finish) await inTransaction(async (trx) => importer.finish?.(trx, summary));
  };
  if (options.commitEachBatch) await body((work) => db.transaction().execute(work));
  else await db.transaction().execute((trx) => body((work) => work(trx)));
  summary.durationMs = performance.now() - started;
  report(true);
  return summary;
}

/**
 * Counts the input's records, the database untouched, and throws `tooMany` past `count`. A
 * stream cannot be read twice: it is counted as it is imported (the first read).
 */
async function refusePast<Record, Row>(
  importer: Importer<Record, Row>,
  handle: SourceHandle,
  limit: { count: number; tooMany: string },
): Promise<void> {
  if (!handle.replayable) return;
  const source = handle.open();
  let read = 0;
  for await (const records of importer.records(handle, source)) {
    read += records.length;
    if (read > limit.count) throw new ImportError(limit.tooMany);
  }
}

// ---------------------------------------------------------------------------------------------
// SQL helpers shared by the importers.

/** A GeoJSON text/json column as a 2D geometry in EPSG:4326 (reprojected from `srid`). */
export function geometryFrom(column: RawBuilder<unknown>, srid: number): RawBuilder<unknown> {
  if (!Number.isInteger(srid) || srid <= 0) throw new ImportError(`SRID invalide : ${srid}.`);
  const parsed = sql`ST_Force2D(ST_SetSRID(ST_GeomFromGeoJSON(${column}::text), ${sql.lit(srid)}))`;
  return srid === 4326 ? parsed : sql`ST_Transform(${parsed}, 4326)`;
}

/** Rows as one JSON parameter (json_to_recordset): one round trip per batch on both engines. */
export function jsonParameter(rows: readonly unknown[]): RawBuilder<unknown> {
  return sql`CAST(${JSON.stringify(rows)} AS json)`;
}

/** Deletes the rows of the given towns that this transaction did not write (xmin = our xid). */
export async function deleteNotWritten(
  db: Kysely<Database>,
  table: string,
  townColumn: string | null,
  towns: readonly string[],
): Promise<number> {
  if (townColumn && towns.length === 0) return 0;
  const inTowns = townColumn
    ? sql`AND ${sql.ref(townColumn)} IN (SELECT json_array_elements_text(${jsonParameter(towns)}))`
    : sql``;
  // A row inserted or updated by this transaction has our transaction id as xmin (the
  // importers never use savepoints); ON CONFLICT DO UPDATE rewrites unchanged rows too.
  const { rows } = await sql<{ n: number }>`
    WITH gone AS (DELETE FROM ${sql.table(table)} WHERE xmin <> pg_current_xact_id()::xid ${inTowns} RETURNING 1)
    SELECT count(*)::int AS n FROM gone`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

interface CountRow {
  inserted: number;
  updated: number;
  towns?: string | null;
}

/**
 * Runs an importer's upsert (`INSERT … ON CONFLICT DO UPDATE`, without RETURNING), after the
 * CTEs of `before` (`name AS (…)`, comma-separated), and counts the rows it inserted and updated
 * (a row it inserted has no xmax) — and, with `town` (a column of the written rows), the towns
 * it wrote.
 */
export async function countedUpsert(
  db: Kysely<Database>,
  upsert: RawBuilder<unknown>,
  options: { before?: RawBuilder<unknown>; town?: string } = {},
): Promise<BatchResult> {
  const { before, town } = options;
  const { rows } = await sql<CountRow>`
    WITH ${before ? sql`${before},` : sql``} up AS (
      ${upsert}
      RETURNING (xmax = 0) AS inserted ${town ? sql`, ${sql.ref(town)} AS town` : sql``}
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated
      ${town ? sql`, string_agg(DISTINCT town, ',') AS towns` : sql``}
    FROM up`.execute(db);
  return countsOf(rows);
}

/** The counts of `countedUpsert`'s query. */
function countsOf(rows: readonly CountRow[]): BatchResult {
  const row = rows[0];
  return {
    inserted: Number(row?.inserted ?? 0),
    updated: Number(row?.updated ?? 0),
    ...(row && 'towns' in row ? { towns: row.towns ? row.towns.split(',') : [] } : {}),
  };
}
