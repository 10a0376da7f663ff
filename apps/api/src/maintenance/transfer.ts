import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import { appliedMigrations, copiedTables } from './catalogue.ts';
import { digestTable, inUtc, replaceTableRows, tableRows } from './table-rows.ts';

// npm run db:transfer (docs/operations.md): an installation's rows from one database to
// another — from the embedded database to PostgreSQL — both at the same schema. Table by table,
// parents first, each in its own transaction on the target and checked against the source's row
// count and digest; a table the target already holds identically is skipped, so that a transfer
// cut short resumes where it stopped. The source is read in one repeatable-read transaction (one
// consistent picture); the portal should be stopped meanwhile.

export interface TransferReport {
  copied: { name: string; rows: number }[];
  /** Tables already identical on the target (a resumed transfer, or rows the migrations seed). */
  skipped: string[];
}

export async function transferDatabase(options: {
  from: Kysely<Database>;
  to: Kysely<Database>;
  /** Called after each table is committed (progress; a test interrupts the transfer here). */
  afterTable?: (name: string) => void;
}): Promise<TransferReport> {
  const { from, to } = options;
  const [source, target] = [await appliedMigrations(from), await appliedMigrations(to)];
  if (source.join() !== target.join())
    throw new Error(
      'Les deux bases doivent avoir le même schéma : lancez le portail (ou npm run db:migrate) sur chacune avant le transfert.',
    );
  return from
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (reader) => {
      await inUtc(reader);
      const report: TransferReport = { copied: [], skipped: [] };
      for (const table of await copiedTables(reader)) {
        const expected = await digestTable(reader, table);
        const copied = await to.transaction().execute(async (writer) => {
          await inUtc(writer);
          const present = await digestTable(writer, table);
          if (present.rows === expected.rows && present.sha256 === expected.sha256) return false;
          await replaceTableRows(writer, table, tableRows(reader, table), expected);
          return true;
        });
        if (copied) report.copied.push({ name: table.name, rows: expected.rows });
        else report.skipped.push(table.name);
        options.afterTable?.(table.name);
      }
      return report;
    });
}
