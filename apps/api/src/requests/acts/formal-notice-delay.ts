import type { Kysely } from 'kysely';
import { FORMAL_NOTICE_TEXTS, formalNoticeRemedyDue, formatDateFr } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { writeHistory } from '../../history/history.ts';
import { loadLegalRules } from '../../legal-clock/legal-rules-store.ts';
import type { Actor } from '../../policies/visibility.ts';

// The formal notice's delay to resume the works (docs/acts.md « Formal notice »): it starts from
// the signed formal notice's proven notification — its opening on the portal by its addressee, or
// the registered letter's receipt — in the transaction that records that proof, and only then.

/**
 * Starts the delay of the reception whose signed formal notice is `actId` (nothing when the act is
 * no formal notice, or its delay already runs), from `notifiedAt` (ISO 8601) under the legal
 * rule in force; traced in the request's history.
 */
export async function startFormalNoticeDelay(
  trx: Kysely<Database>,
  actor: Pick<Actor, 'id' | 'email' | 'picture'>,
  act: { actId: number; number: string; requestId: number },
  notifiedAt: string,
): Promise<void> {
  const rules = await loadLegalRules(trx);
  const remedyDueOn = formalNoticeRemedyDue(notifiedAt, rules.formalNotice);
  const started = await trx
    .updateTable('reception')
    .set({ remedyDueOn })
    .where('formalNoticeActId', '=', act.actId)
    .where('remedyDueOn', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!started) return;
  await writeHistory(trx, {
    entity: 'request',
    entityId: act.requestId,
    actor: { id: actor.id, email: actor.email, picture: actor.picture },
    context: FORMAL_NOTICE_TEXTS.delayStarted(act.number, formatDateFr(remedyDueOn)),
    data: { action: 'formalNoticeDelayStarted', number: act.number, remedyDueOn, notifiedAt },
  });
}
