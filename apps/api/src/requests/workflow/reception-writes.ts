import { sql, type Kysely } from 'kysely';
import type { ApplyResult, ReceptionChanges } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';

/**
 * Writes a transition's reception changes (docs/api-works.md): from state 4 a
 * new reception is added; otherwise the request's current one (its latest) is updated — or
 * added, when a reception is recorded without one having been asked. Returns the reception's id.
 */
export async function writeReception(
  trx: Kysely<Database>,
  requestId: number,
  result: Pick<ApplyResult, 'reception' | 'effects'>,
): Promise<number | null> {
  if (!result.reception) return null;
  const values: ReceptionChanges = result.reception;
  const creates = result.effects.some((effect) => effect.type === 'createReception');
  const current = creates
    ? undefined
    : await trx
        .selectFrom('reception')
        .select('id')
        .where('requestId', '=', requestId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
  if (current) {
    await trx
      .updateTable('reception')
      .set({ ...values, updatedAt: sql`now()` })
      .where('id', '=', current.id)
      .execute();
    return current.id;
  }
  const { id } = await trx
    .insertInto('reception')
    .values({ requestId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
