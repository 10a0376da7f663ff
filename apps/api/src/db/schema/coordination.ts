import type { Generated } from 'kysely';
import type { ConflictCheckTrigger } from '@voirie/domain';
import type { DefaultTimestamp, Geometry } from './columns.ts';

/** A resurfaced road of the imported layer (migration 0020): a line or a polygon and its day. */
export interface RoadResurfacingTable {
  id: Generated<number>;
  /** The feature's id in the file, or a hash of its day and shape: the import's upsert key. */
  sourceId: string;
  name: string | null;
  /** 'YYYY-MM-DD'. */
  resurfacedOn: string;
  geom: Geometry;
  importedAt: DefaultTimestamp;
}

/** The latest conflict search of each kind for a request (migration 0020). */
export interface RequestConflictCheckTable {
  requestId: number;
  trigger: ConflictCheckTrigger;
  checkedAt: DefaultTimestamp;
  checkedBy: number | null;
  conflictCount: number;
  resurfacingCount: number;
}

export interface CoordinationTables {
  roadResurfacing: RoadResurfacingTable;
  requestConflictCheck: RequestConflictCheckTable;
}
