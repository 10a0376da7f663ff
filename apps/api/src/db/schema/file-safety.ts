import type { ColumnType, Generated } from 'kysely';

type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A content a process is about to reference: not deleted while claimed (migration 0011). */
export interface FileClaimTable {
  id: Generated<number>;
  sha256: string;
  createdAt: DefaultTimestamp;
}

/** When a periodic job last ran (migration 0011). */
export interface ScheduledJobTable {
  name: string;
  lastRunAt: ColumnType<Date, Date | string, Date | string>;
}

/** The request a filing created, by its account and Idempotency-Key (migration 0011). */
export interface FilingIdempotencyKeyTable {
  stdUserId: number;
  key: string;
  requestId: number;
  createdAt: DefaultTimestamp;
}

export interface FileSafetyTables {
  fileClaim: FileClaimTable;
  scheduledJob: ScheduledJobTable;
  filingIdempotencyKey: FilingIdempotencyKeyTable;
}
