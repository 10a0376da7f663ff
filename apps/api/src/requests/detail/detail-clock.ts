import { sql, type Kysely } from 'kysely';
import { CLOCK_EVENT_LABELS, clockView, type RequestDetail } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { clockOfColumns } from '../../legal-clock/clock-writes.ts';
import { loadLegalRules } from '../../legal-clock/legal-rules-store.ts';

type ClockColumns = Parameters<typeof clockOfColumns>[0];

/**
 * The request's legal clock on `today` and its history, oldest first: shown to whoever
 * sees the request — the applicant's legal information as much as the instructor's. A request
 * that never had a clock (never filed, or imported before it) has none.
 */
export async function loadDetailClock(
  db: Kysely<Database>,
  request: ClockColumns & { id: number },
  today: string,
): Promise<Pick<RequestDetail, 'clock' | 'clockEvents'>> {
  const [rules, events] = await Promise.all([
    loadLegalRules(db),
    db
      .selectFrom('legalClockEvent')
      .select([
        'kind',
        sql<string>`to_char(on_date, 'YYYY-MM-DD')`.as('onDate'),
        sql<string | null>`to_char(deadline_on, 'YYYY-MM-DD')`.as('deadlineOn'),
      ])
      .where('requestId', '=', request.id)
      .orderBy('id')
      .execute(),
  ]);
  const clock = clockOfColumns(request);
  const hasClock = clock.ruleId !== null && clock.startedOn !== null;
  return {
    clock: hasClock ? clockView(clock, rules[clock.ruleId!] ?? null, today) : null,
    clockEvents: events.map((event) => ({ ...event, label: CLOCK_EVENT_LABELS[event.kind] })),
  };
}
