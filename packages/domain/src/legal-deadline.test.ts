import { describe, expect, test } from 'vitest';
import {
  addMonths,
  daysBetween,
  deadlineStartBounds,
  deadlineStatus,
  LEGAL_DEADLINE,
  legalDeadline,
} from './legal-deadline.ts';
import { STATE_IDS } from './states.ts';

describe('legal deadline (CRPA: two months from the complete file)', () => {
  test('two calendar months after the filing day, clamped to the end of a shorter month', () => {
    expect(legalDeadline({ stateId: 3, filedOn: '2026-01-15' })).toBe('2026-03-15');
    expect(legalDeadline({ stateId: 3, filedOn: '2025-12-31' })).toBe('2026-02-28');
    expect(legalDeadline({ stateId: 3, filedOn: '2023-12-31' })).toBe('2024-02-29');
    expect(addMonths('2026-11-30', 2)).toBe('2027-01-30');
  });

  test('restarts on the receipt of the missing pieces, never earlier than the filing', () => {
    expect(legalDeadline({ stateId: 9, filedOn: '2026-01-15', completedOn: '2026-02-20' })).toBe(
      '2026-04-20',
    );
    expect(legalDeadline({ stateId: 9, filedOn: '2026-01-15', completedOn: '2026-01-01' })).toBe(
      '2026-03-15',
    );
  });

  test('runs only while the authority owes the decision (3, 9, 999)', () => {
    const running = STATE_IDS.filter((stateId) => legalDeadline({ stateId, filedOn: '2026-01-15' }) !== null);
    expect(running).toEqual([3, 9, 999]);
    expect(legalDeadline({ stateId: 8, filedOn: '2026-01-15' })).toBeNull();
  });

  test('overdue after the deadline, near within seven days, running before', () => {
    expect(LEGAL_DEADLINE.nearDays).toBe(7);
    expect(deadlineStatus('2026-03-15', '2026-03-16')).toBe('overdue');
    expect(deadlineStatus('2026-03-15', '2026-03-15')).toBe('near');
    expect(deadlineStatus('2026-03-15', '2026-03-08')).toBe('near');
    expect(deadlineStatus('2026-03-15', '2026-03-07')).toBe('running');
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
  });

  test('the start-day bounds give the same status as the deadline, every day of four years', () => {
    const day = (n: number) => new Date(Date.UTC(2023, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    for (const today of [
      '2024-03-01',
      '2024-02-29',
      '2025-04-30',
      '2025-12-31',
      '2026-03-03',
      '2026-05-01',
    ]) {
      const bounds = deadlineStartBounds(today);
      for (let n = 0; n < 4 * 366; n++) {
        const start = day(n);
        const expected = deadlineStatus(legalDeadline({ stateId: 3, filedOn: start })!, today);
        const actual =
          start < bounds.overdueBefore ? 'overdue' : start < bounds.nearBefore ? 'near' : 'running';
        expect(actual, `${today}, clock started ${start}`).toBe(expected);
      }
    }
    expect(deadlineStartBounds('2025-06-20')).toEqual({
      overdueBefore: '2025-04-20',
      nearBefore: '2025-04-28',
    });
  });
});
