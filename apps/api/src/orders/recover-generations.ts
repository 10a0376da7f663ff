import { sql, type Kysely } from 'kysely';
import { NOTICES, STATE } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { writeHistory } from '../history/history.ts';

/**
 * A generation lives in one process (state 999 while LibreOffice works): if the server stopped
 * in between, nothing would ever bring the request back. At start-up no generation is under way,
 * so every request still in 999 returns to instruction (3), as a failed generation does.
 */
export async function recoverInterruptedGenerations(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stuck = await trx
      .updateTable('request')
      .set({ stateId: STATE.FILED, exState: STATE.ORDER_GENERATION, updatedAt: sql`now()` })
      .where('stateId', '=', STATE.ORDER_GENERATION)
      .returning('id')
      .execute();
    for (const { id } of stuck) {
      await writeHistory(trx, {
        entity: 'request',
        entityId: id,
        actor: null,
        context: NOTICES.orderGenerationFailed,
        data: {
          action: 'orderGenerationFailed',
          from: STATE.ORDER_GENERATION,
          to: STATE.FILED,
          reason: 'interrupted',
        },
      });
    }
    return stuck.length;
  });
}
