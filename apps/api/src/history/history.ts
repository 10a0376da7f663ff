import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';

export interface HistoryEntry {
  entity: string;
  entityId: number | null;
  actor: { id: number; email: string; picture: string | null } | null;
  /** What happened, in French, as the timeline shows it. */
  context: string;
  data?: Record<string, unknown>;
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
