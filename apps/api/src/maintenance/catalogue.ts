import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';

// The tables a backup, a restore and a transfer copy (docs/operations.md): every
// table of the `public` schema but the migrator's and PostGIS's, read from the catalogue so that
// a new migration's table is copied without a list to keep up to date. They come parents first
// (foreign keys), so that rows are written in an order the constraints accept — without
// disabling triggers, which would need a superuser.

/**
 * Tables of the schema that are not data: the migrator's bookkeeping, PostGIS's reference, the
 * request counts that the target's triggers write again as its requests are copied, and the
 * requests' revision, which the target's triggers move on from its own (migration 0034).
 */
const NOT_COPIED = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'spatial_ref_sys',
  'request_state_count',
  'request_revision',
]);

export interface CopiedTable {
  name: string;
  /** The columns an insert writes (generated ones are computed again), in the table's order. */
  columns: string[];
  /** Generated columns: neither copied nor digested (each engine computes its own, e.g. unaccent). */
  generated: string[];
  /** The primary key's columns: rows are read, written and digested in this order. */
  key: string[];
  /** The serial sequences of the table's columns, set past the copied ids. */
  sequences: { column: string; sequence: string }[];
}

interface ColumnRow {
  table: string;
  column: string;
  generated: boolean;
  sequence: string | null;
}

/** Orders tables so that each comes after those it references (self-references aside). */
function parentsFirst(names: string[], references: { child: string; parent: string }[]): string[] {
  const pending = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references)
    if (child !== parent && pending.has(child) && pending.has(parent)) pending.get(child)!.add(parent);
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter(([, parents]) => parents.size === 0).map(([name]) => name);
    if (ready.length === 0)
      throw new Error(`Références circulaires entre les tables : ${[...pending.keys()].join(', ')}`);
    for (const name of ready.sort()) {
      ordered.push(name);
      pending.delete(name);
      for (const parents of pending.values()) parents.delete(name);
    }
  }
  return ordered;
}

/** The copied tables of a database, parents first. */
export async function copiedTables(db: Kysely<Database>): Promise<CopiedTable[]> {
  const tables = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'`.execute(db);
  const names = tables.rows.map((row) => row.name).filter((name) => !NOT_COPIED.has(name));
  const columns = await sql<ColumnRow>`SELECT c.relname AS "table", a.attname AS "column",
      a.attgenerated <> '' AS generated,
      pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY c.relname, a.attnum`.execute(db);
  const keys = await sql<{ table: string; columns: string[] }>`SELECT c.relname AS "table",
      array_agg(a.attname::text ORDER BY k.ord) AS columns
    FROM pg_constraint p JOIN pg_class c ON c.oid = p.conrelid
    CROSS JOIN LATERAL unnest(p.conkey) WITH ORDINALITY AS k(attnum, ord)
    JOIN pg_attribute a ON a.attrelid = p.conrelid AND a.attnum = k.attnum
    WHERE p.contype = 'p' AND c.relnamespace = 'public'::regnamespace
    GROUP BY c.relname`.execute(db);
  const references = await sql<{
    child: string;
    parent: string;
  }>`SELECT c.relname AS child, f.relname AS parent
    FROM pg_constraint p JOIN pg_class c ON c.oid = p.conrelid JOIN pg_class f ON f.oid = p.confrelid
    WHERE p.contype = 'f' AND c.relnamespace = 'public'::regnamespace`.execute(db);
  const keyOf = new Map(keys.rows.map((row) => [row.table, row.columns]));
  return parentsFirst(names, references.rows).map((name) => {
    const own = columns.rows.filter((row) => row.table === name);
    return {
      name,
      columns: own.filter((row) => !row.generated).map((row) => row.column),
      generated: own.filter((row) => row.generated).map((row) => row.column),
      key: keyOf.get(name) ?? [],
      sequences: own
        .filter((row) => row.sequence !== null)
        .map((row) => ({ column: row.column, sequence: row.sequence! })),
    };
  });
}

/** The migrations recorded in a database, in the order they ran (none on a new database). */
export async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const { rows: exists } = await sql<{
    found: boolean;
  }>`SELECT to_regclass('public.kysely_migration') IS NOT NULL AS found`.execute(db);
  if (!exists[0]?.found) return [];
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.map((row) => row.name);
}
