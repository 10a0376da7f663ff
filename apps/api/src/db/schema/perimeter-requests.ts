import type { Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp } from './columns.ts';

/** A guichet's request for wider territories, for an administrator to decide (migration 0025). */
export interface PerimeterRequestTable {
  id: Generated<number>;
  userId: number;
  /** The whole set of guichet territories asked. */
  perimeterIds: number[];
  status: Generated<'pending' | 'approved' | 'refused' | 'replaced'>;
  requestedAt: DefaultTimestamp;
  closedAt: NullableTimestamp;
  closedByUserId: number | null;
}

export interface PerimeterRequestTables {
  perimeterRequest: PerimeterRequestTable;
}
