import type { Kysely } from 'kysely';
import {
  clockAfterStateChange,
  decisionRuleIdFor,
  shiftDays,
  startClock,
  type ClockChange,
  type RequestKind,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { clockColumnsOf } from '../legal-clock/clock-writes.ts';
import { loadLegalRules } from '../legal-clock/legal-rules-store.ts';
import { parisToday } from '../requests/french-date.ts';

/**
 * The legal clocks of the demo requests awaiting a decision, as the workflow would have kept
 * them (packages/domain/src/legal-clock.ts): started at the filing; a completed request (9) was
 * asked for pieces two days after and received them a week later, when its delay started again;
 * a request in completeness (8) has been suspended since. The daily job then finds the few past
 * their deadline and records their implicit decisions.
 */
export async function seedDemoClocks(db: Kysely<Database>, options: { today: string }): Promise<void> {
  await db.transaction().execute((trx) => writeDemoClocks(trx, options.today));
}

async function writeDemoClocks(trx: Kysely<Database>, today: string): Promise<void> {
  const rules = await loadLegalRules(trx);
  const rows = await trx
    .selectFrom('request')
    .select(['id', 'type', 'stateId', 'operatorPerimeterId', 'depositDate'])
    .where('stateId', 'in', [3, 8, 9, 999])
    .where('legalRule', 'is', null)
    .execute();
  const earliest = (day: string) => (day < today ? day : today);
  for (const row of rows) {
    const rule =
      rules[
        decisionRuleIdFor({ type: row.type as RequestKind, operatorPerimeterId: row.operatorPerimeterId })
      ];
    const filedOn = parisToday(new Date(row.depositDate));
    const changes: ClockChange[] = [startClock(rule, filedOn)];
    const move = (from: number, to: number, today: string) => {
      const change = clockAfterStateChange(changes.at(-1)!.clock, { from, to, today, rule });
      if (change) changes.push(change);
    };
    if (row.stateId === 8 || row.stateId === 9) move(3, 8, earliest(shiftDays(filedOn, 2)));
    if (row.stateId === 9) move(8, 9, earliest(shiftDays(filedOn, 9)));
    const { clock } = changes.at(-1)!;
    await trx.updateTable('request').set(clockColumnsOf(clock)).where('id', '=', row.id).execute();
    await trx
      .insertInto('legalClockEvent')
      .values(changes.map(({ event }) => ({ requestId: row.id, ...event })))
      .execute();
  }
}
