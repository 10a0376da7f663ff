import { TrafficOrderCompletionSchema } from '@voirie/domain';
import { sql } from 'kysely';
import { AppError } from '../../errors/app-error.ts';
import type { Actor } from '../../policies/visibility.ts';
import { transitionOutcome, type ActionOutcome, type InstructionDeps } from './instruction-service.ts';

/** The form's fields and the published wording: every one is written, one the input leaves out is emptied. */
const FORM_FIELDS = Object.keys(
  TrafficOrderCompletionSchema.shape,
) as (keyof typeof TrafficOrderCompletionSchema.shape)[];

const NO_FORM =
  "Cette demande ne comporte pas de demande d'arrêté de police de la circulation (cerfa 14024).";

/**
 * `PUT request/{id}/cerfa14024`: the instructor reviews and completes the request's
 * cerfa 14024 and words the published order's free texts — the domain's
 * 'completeTrafficOrder' (instructor or admin, state 3 or 9, not in signature, a 14024 held)
 * validates it; the form is replaced in the same transaction as the history entry, which keeps
 * each changed field before and after. The traffic order is generated from it.
 */
export async function completeTrafficOrder(
  deps: InstructionDeps,
  actor: Actor,
  key: string,
  input: unknown,
): Promise<ActionOutcome> {
  return transitionOutcome(deps, actor, key, 'completeTrafficOrder', input, {
    write: async ({ trx, row: request, result: applied }) => {
      const { cerfa14024Id } = await trx
        .selectFrom('request')
        .select('cerfa14024Id')
        .where('id', '=', request.id)
        .executeTakeFirstOrThrow();
      if (cerfa14024Id === null) throw new AppError('STATE_CONFLICT', NO_FORM);
      const before = await trx
        .selectFrom('cerfa14024')
        .selectAll()
        .where('id', '=', cerfa14024Id)
        .executeTakeFirstOrThrow();
      const form = applied.trafficOrder ?? {};
      const after = Object.fromEntries(FORM_FIELDS.map((field) => [field, form[field] ?? null]));
      await trx
        .updateTable('cerfa14024')
        .set({ ...after, updatedAt: sql`now()` })
        .where('id', '=', cerfa14024Id)
        .execute();
      const changes = Object.fromEntries(
        FORM_FIELDS.filter((field) => (before[field] ?? null) !== after[field]).map((field) => [
          field,
          { before: before[field] ?? null, after: after[field] },
        ]),
      );
      return { changes };
    },
    historyContext: 'Cerfa 14024 complété par le service instructeur',
  });
}
