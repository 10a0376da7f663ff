import type { Kysely } from 'kysely';
import {
  clockAfterStateChange,
  decisionRuleIdFor,
  startClock,
  type ClockChange,
  type LegalClock,
  type LegalRule,
  type LegalRuleId,
  type RequestKind,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { loadLegalRules } from './legal-rules-store.ts';

type Trx = Kysely<Database>;

/** The request's clock columns as the domain's LegalClock. */
export function clockOfColumns(row: {
  legalRule: string | null;
  clockStartedOn: string | null;
  clockDeadlineOn: string | null;
  clockSuspendedOn: string | null;
  clockStoppedOn: string | null;
  implicitDecisionOn: string | null;
}): LegalClock {
  return {
    ruleId: row.legalRule as LegalRuleId | null,
    startedOn: row.clockStartedOn,
    deadlineOn: row.clockDeadlineOn,
    suspendedOn: row.clockSuspendedOn,
    stoppedOn: row.clockStoppedOn,
    implicitDecisionOn: row.implicitDecisionOn,
  };
}

/** The request's clock columns of a LegalClock. */
export function clockColumnsOf(clock: LegalClock) {
  return {
    legalRule: clock.ruleId,
    clockStartedOn: clock.startedOn,
    clockDeadlineOn: clock.deadlineOn,
    clockSuspendedOn: clock.suspendedOn,
    clockStoppedOn: clock.stoppedOn,
    implicitDecisionOn: clock.implicitDecisionOn,
  };
}

/** Writes a clock change: the request's columns and the event of its history, in `trx`. */
async function writeClockChange(trx: Trx, requestId: number, change: ClockChange): Promise<void> {
  await trx.updateTable('request').set(clockColumnsOf(change.clock)).where('id', '=', requestId).execute();
  await trx
    .insertInto('legalClockEvent')
    .values({ requestId, ...change.event })
    .execute();
}

/**
 * Starts the clock of a request filed `today` (a filing, an extension request), under its kind's
 * rule in force; in the filing's transaction. Returns the rule and the clock, which the
 * acknowledgement of receipt states.
 */
export async function startRequestClock(
  trx: Trx,
  requestId: number,
  today: string,
): Promise<{ rule: LegalRule; clock: LegalClock }> {
  const request = await trx
    .selectFrom('request')
    .select(['type', 'operatorPerimeterId'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const rules = await loadLegalRules(trx);
  const rule =
    rules[
      decisionRuleIdFor({
        type: request.type as RequestKind,
        operatorPerimeterId: request.operatorPerimeterId,
      })
    ];
  const change = startClock(rule, today);
  await writeClockChange(trx, requestId, change);
  return { rule, clock: change.clock };
}

/**
 * The clock's part of a state change (the transition runner calls it in the transition's
 * transaction): suspended into 8, started again from 8 to 9, stopped when the request leaves
 * the running states. Returns the change, or null when the clock does not move.
 */
export async function applyClockStateChange(
  trx: Trx,
  change: { requestId: number; from: number; to: number; today: string },
): Promise<(ClockChange & { rule: LegalRule }) | null> {
  if (change.from === change.to) return null;
  const row = await trx
    .selectFrom('request')
    .select([
      'type',
      'operatorPerimeterId',
      'legalRule',
      'clockStartedOn',
      'clockDeadlineOn',
      'clockSuspendedOn',
      'clockStoppedOn',
      'implicitDecisionOn',
    ])
    .where('id', '=', change.requestId)
    .executeTakeFirstOrThrow();
  const rules = await loadLegalRules(trx);
  // A restart follows the kind's rule in force now; a clock keeps its rule otherwise.
  const rule =
    rules[
      (row.legalRule as LegalRuleId | null) ??
        decisionRuleIdFor({ type: row.type as RequestKind, operatorPerimeterId: row.operatorPerimeterId })
    ];
  const next = clockAfterStateChange(clockOfColumns(row), {
    from: change.from,
    to: change.to,
    today: change.today,
    rule,
  });
  if (!next) return null;
  await writeClockChange(trx, change.requestId, next);
  return { ...next, rule };
}
