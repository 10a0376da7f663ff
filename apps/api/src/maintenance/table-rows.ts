import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import type { CopiedTable } from './catalogue.ts';

// Rows as JSON text, the one form a backup file, a restore and a transfer share: PostgreSQL
// writes each row with to_jsonb (geometries as hex EWKB, dates ISO, bytea as \x…) and reads it
// back with jsonb_populate_recordset, so that every column type goes through its own input and
// output functions; generated columns are left out (each engine computes them again). The digest
// of a table is the SHA-256 of its rows' texts in key order: the
// same rows give the same digest on the embedded database and on PostgreSQL, since both sessions
// write times in UTC (`inUtc`).

/** Rows per read and per insert: bounded memory whatever the table's size. */
export const BATCH_ROWS = 1_000;

/** Times written in UTC: the rows' texts, hence the digests, do not depend on the server's zone. */
export async function inUtc(db: Kysely<Database>): Promise<void> {
  await sql`SET LOCAL TimeZone = 'UTC'`.execute(db);
}

const ids = (names: readonly string[]) =>
  sql.join(
    names.map((name) => sql.id(name)),
    sql`, `,
  );

/** The rows' texts of a table, batch by batch, in key order (keyset paging on a one-column key). */
export async function* tableRows(db: Kysely<Database>, table: CopiedTable): AsyncGenerator<string[]> {
  const name = sql.id(table.name);
  const [single] = table.key.length === 1 ? table.key : [];
  const text = sql`(to_jsonb(t) - ${table.generated}::text[])::text`;
  const order: RawBuilder<unknown> = table.key.length > 0 ? ids(table.key) : text;
  let last: unknown = null;
  for (let offset = 0; ; offset += BATCH_ROWS) {
    const page = single
      ? sql<{ row: string; key: unknown }>`SELECT ${text} AS row, t.${sql.id(single)} AS key
          FROM ${name} t ${last === null ? sql`` : sql`WHERE t.${sql.id(single)} > ${last}`}
          ORDER BY t.${sql.id(single)} LIMIT ${BATCH_ROWS}`
      : sql<{ row: string; key: unknown }>`SELECT ${text} AS row, NULL AS key
          FROM ${name} t ORDER BY ${order} LIMIT ${BATCH_ROWS} OFFSET ${offset}`;
    const { rows } = await page.execute(db);
    if (rows.length > 0) yield rows.map((row) => row.row);
    if (rows.length < BATCH_ROWS) return;
    last = rows.at(-1)!.key;
  }
}

/** A table's row count and digest, as read now. */
export interface TableDigest {
  rows: number;
  sha256: string;
}

/** Digests rows' texts as they pass (one line each). */
export class RowDigest {
  private readonly hash = createHash('sha256');
  rows = 0;

  add(batch: readonly string[]): void {
    for (const row of batch) this.hash.update(row).update('\n');
    this.rows += batch.length;
  }

  result(): TableDigest {
    return { rows: this.rows, sha256: this.hash.digest('hex') };
  }
}

/** Reads a whole table to digest it. */
export async function digestTable(db: Kysely<Database>, table: CopiedTable): Promise<TableDigest> {
  const digest = new RowDigest();
  for await (const batch of tableRows(db, table)) digest.add(batch);
  return digest.result();
}

/** Writes rows' texts into a table (explicit ids included: the sequences are set afterwards). */
export async function insertRows(db: Kysely<Database>, table: CopiedTable, rows: readonly string[]) {
  if (rows.length === 0) return;
  const columns = ids(table.columns);
  const name = sql.id(table.name);
  await sql`INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE
    SELECT ${columns} FROM jsonb_populate_recordset(NULL::${name}, ${`[${rows.join(',')}]`}::jsonb)`.execute(
    db,
  );
}

/** Moves a table's sequences past its ids: the next row gets max + 1. */
export async function resetSequences(db: Kysely<Database>, table: CopiedTable): Promise<void> {
  for (const { column, sequence } of table.sequences)
    await sql`SELECT setval(${sequence}::regclass,
      coalesce((SELECT max(${sql.id(column)}) FROM ${sql.id(table.name)}), 0) + 1, false)`.execute(db);
}

/**
 * Replaces a table's rows by `batches` (inside the caller's transaction), then checks what was
 * written against `expected`: a difference throws, and the caller's transaction undoes it all.
 */
export async function replaceTableRows(
  trx: Kysely<Database>,
  table: CopiedTable,
  batches: AsyncIterable<string[]>,
  expected: TableDigest,
): Promise<void> {
  await sql`DELETE FROM ${sql.id(table.name)}`.execute(trx);
  for await (const batch of batches) await insertRows(trx, table, batch);
  await resetSequences(trx, table);
  const written = await digestTable(trx, table);
  if (written.rows !== expected.rows || written.sha256 !== expected.sha256)
    throw new Error(
      `La table ${table.name} ne correspond pas à sa source (${String(written.rows)} lignes écrites, ${String(expected.rows)} attendues, empreintes ${written.sha256 === expected.sha256 ? 'identiques' : 'différentes'}) : rien n'a été modifié.`,
    );
}
