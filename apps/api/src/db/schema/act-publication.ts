import type { ColumnType } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp } from './columns.ts';

/** The electronic publication of a traffic order (migration 0041, docs/acts.md « Publication »). */
export interface ActPublicationTable {
  actId: number;
  /** When it was put online (the stamp's date and time); null while the publication failed. */
  publishedAt: NullableTimestamp;
  /** The published PDF in the file store, its SHA-256 (of the bytes served) and size. */
  storageKey: string | null;
  sha256: string | null;
  size: number | null;
  /** Converted to PDF/A-2b (false where Ghostscript is missing or failed). */
  pdfa: ColumnType<boolean, boolean | undefined, boolean>;
  sealed: ColumnType<boolean, boolean | undefined, boolean>;
  /** Published after the works' planned start. */
  late: ColumnType<boolean, boolean | undefined, boolean>;
  /** Why the last attempt failed (retried by the scheduler); null once published. */
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** An instance is publishing it until then (the row is its own job). */
  claimedUntil: NullableTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface ActPublicationTables {
  actPublication: ActPublicationTable;
}
