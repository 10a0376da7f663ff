import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';

/**
 * A history entry's data, kept in the JSON column `historyLog.data`: the event's named facts (the
 * action and its states, the fields changed before and after, a sent mail's recipients…). Each
 * kind of event keeps its own, and the timeline and comments viewer read them by name.
 */
// eslint-disable-next-line no-restricted-syntax -- a JSON column's bag: each event names its own facts
export type HistoryData = Record<string, unknown>;

export interface HistoryEntry {
  entity: string;
  entityId: number | null;
  actor: { id: number; email: string; picture: string | null } | null;
  /** What happened, in French, as the timeline shows it. */
  context: string;
  data?: HistoryData;
}

/** Writes a history row in the caller's transaction (the change and its trace go together). */
export async function writeHistory(trx: Kysely<Database>, entry: HistoryEntry): Promise<void> {
  await trx
    .insertInto('historyLog')
    .values({
      entity: entry.entity,
      entityId: entry.entityId,
      userId: entry.actor?.id ?? null,
      email: entry.actor?.email ?? null,
      picture: entry.actor?.picture ?? null,
      context: entry.context,
      data: entry.data ? JSON.stringify(entry.data) : null,
    })
    .execute();
}
