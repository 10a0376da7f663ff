import type { Generated, JSONColumnType } from 'kysely';
import type { DefaultTimestamp, JsonObject } from './columns.ts';

/** A draft of the filing wizard (migration 0018): its owner's wizard state, kept as given. */
export interface RequestDraftTable {
  id: Generated<string>;
  ownerUserId: number;
  /** The request kind (1, 2 or 3), as `choixForm`. */
  kind: number;
  /** The wizard step it was left on. */
  step: number;
  label: string;
  /** Written as a JSON string, read as the object. */
  state: JSONColumnType<JsonObject, string, string>;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface DraftTables {
  requestDraft: RequestDraftTable;
}
