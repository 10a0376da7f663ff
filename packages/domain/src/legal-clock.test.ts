import { describe, expect, test } from 'vitest';
import {
  acknowledgementLines,
  clockAfterStateChange,
  clockView,
  deadlineFilterBounds,
  deadlineFrom,
  deadlineStanding,
  implicitDecisionMailLines,
  implicitDecisionText,
  isImplicitDecisionDue,
  startClock,
  type LegalClock,
} from './legal-clock.ts';
import { DEFAULT_LEGAL_RULES, decisionRuleIdFor, rulesWithDelays } from './legal-rules.ts';
import { STATE_IDS } from './states.ts';

const permission = DEFAULT_LEGAL_RULES.permission;

/** Applies a state change, failing when the clock does not move. */
function move(clock: LegalClock, from: number, to: number, today: string): LegalClock {
  const change = clockAfterStateChange(clock, { from, to, today, rule: permission });
  if (!change) throw new Error(`no clock change ${String(from)} -> ${String(to)}`);
  return change.clock;
}

describe('legal clock: filing, suspension, restart, decision', () => {
  test('a permission filed on 26/11/2026 runs out on 26/01/2027; the event says started', () => {
    const { clock, event } = startClock(permission, '2026-11-26');
    expect(clock).toEqual({
      ruleId: 'permission',
      startedOn: '2026-11-26',
      deadlineOn: '2027-01-26',
      suspendedOn: null,
      stoppedOn: null,
      implicitDecisionOn: null,
    });
    expect(event).toEqual({
      kind: 'started',
      onDate: '2026-11-26',
      deadlineOn: '2027-01-26',
      ruleId: 'permission',
    });
  });

  test('completeness suspends it; the pieces received restart the whole delay; the signed decision stops it', () => {
    let clock = startClock(permission, '2026-11-26').clock;
    clock = move(clock, 3, 8, '2026-12-10');
    expect(clock.deadlineOn).toBeNull();
    expect(clock.suspendedOn).toBe('2026-12-10');
    expect(clockView(clock, permission, '2026-12-20').status).toBe('suspended');
    const restart = clockAfterStateChange(clock, { from: 8, to: 9, today: '2027-01-05', rule: permission })!;
    expect(restart.event.kind).toBe('restarted');
    // Two full months from the receipt of the pieces (CRPA L114-5), not what was left.
    expect(restart.clock).toMatchObject({
      startedOn: '2027-01-05',
      deadlineOn: '2027-03-05',
      suspendedOn: null,
    });
    // The order's generation and its signature keep the deadline.
    clock = restart.clock;
    expect(
      clockAfterStateChange(clock, { from: 9, to: 999, today: '2027-02-01', rule: permission }),
    ).toBeNull();
    expect(
      clockAfterStateChange(clock, { from: 999, to: 3, today: '2027-02-01', rule: permission }),
    ).toBeNull();
    const stop = clockAfterStateChange(clock, { from: 3, to: 4, today: '2027-02-10', rule: permission })!;
    expect(stop.event).toEqual({
      kind: 'stopped',
      onDate: '2027-02-10',
      deadlineOn: null,
      ruleId: 'permission',
    });
    expect(clockView(stop.clock, permission, '2027-02-11')).toMatchObject({
      status: 'stopped',
      daysLeft: null,
    });
  });

  test('moves between running states and changes outside the clock leave it alone', () => {
    const clock = startClock(permission, '2026-11-26').clock;
    for (const [from, to] of [
      [3, 999],
      [999, 3],
      [9, 999],
      [3, 3],
      [4, 7],
      [7, 2],
      [12, 10],
    ] as const)
      expect(clockAfterStateChange(clock, { from, to, today: '2026-12-01', rule: permission })).toBeNull();
  });

  test('reorientation, cancellation, withdrawal and a refusal stop it, from any counting state', () => {
    const clock = startClock(permission, '2026-11-26').clock;
    for (const [from, to] of [
      [3, 11],
      [9, 11],
      [3, 1],
      [8, 1],
      [3, 14],
      [8, 14],
      [9, 14],
      [3, 5],
    ] as const)
      expect(
        clockAfterStateChange(clock, { from, to, today: '2026-12-01', rule: permission })?.event.kind,
      ).toBe('stopped');
  });

  test('every state a request can reach is running, suspended or neither', () => {
    const running = STATE_IDS.filter(
      (to) =>
        clockAfterStateChange(startClock(permission, '2026-11-26').clock, {
          from: 8,
          to,
          today: '2026-12-01',
          rule: permission,
        })?.event.kind === 'restarted',
    );
    expect(running).toEqual([9]);
  });
});

describe('legal clock: days left, near and overdue', () => {
  test('the deadline day is the day silence becomes a decision: overdue from it on', () => {
    expect(deadlineStanding('2027-01-26', '2027-01-27')).toEqual({ daysLeft: -1, status: 'overdue' });
    expect(deadlineStanding('2027-01-26', '2027-01-26')).toEqual({ daysLeft: 0, status: 'overdue' });
    expect(deadlineStanding('2027-01-26', '2027-01-25')).toEqual({ daysLeft: 1, status: 'near' });
    expect(deadlineStanding('2027-01-26', '2027-01-20')).toEqual({ daysLeft: 6, status: 'near' });
    expect(deadlineStanding('2027-01-26', '2027-01-19')).toEqual({ daysLeft: 7, status: 'running' });
  });

  test('the filter bounds agree with the standing, day by day', () => {
    const today = '2027-01-15';
    const { overdueUpTo, nearBefore } = deadlineFilterBounds(today);
    for (let offset = -10; offset <= 20; offset += 1) {
      const deadline = new Date(Date.UTC(2027, 0, 15 + offset)).toISOString().slice(0, 10);
      const { status } = deadlineStanding(deadline, today);
      expect(deadline <= overdueUpTo, deadline).toBe(status === 'overdue');
      expect(deadline > overdueUpTo && deadline < nearBefore, deadline).toBe(status === 'near');
    }
  });

  test('the implicit decision is due from the deadline day, once', () => {
    const clock = startClock(permission, '2026-11-26').clock;
    expect(isImplicitDecisionDue(clock, '2027-01-25')).toBe(false);
    expect(isImplicitDecisionDue(clock, '2027-01-26')).toBe(true);
    expect(isImplicitDecisionDue({ ...clock, implicitDecisionOn: '2027-01-26' }, '2027-01-30')).toBe(false);
    expect(isImplicitDecisionDue({ ...clock, deadlineOn: null }, '2027-03-01')).toBe(false);
    const view = clockView({ ...clock, implicitDecisionOn: '2027-01-26' }, permission, '2027-01-27');
    expect(view).toMatchObject({
      status: 'overdue',
      statusLabel: 'Dépassée',
      daysLeft: -1,
      implicitDecisionText: 'Décision implicite de rejet le 26/01/2027',
    });
  });
});

describe('legal rules: one per kind, each with its reference', () => {
  test('each kind gets its rule; an operator networks permission follows the coordination rule', () => {
    expect(decisionRuleIdFor({ type: 1 })).toBe('permission');
    expect(decisionRuleIdFor({ type: 3, operatorPerimeterId: 4 })).toBe('permission');
    expect(decisionRuleIdFor({ type: 1, operatorPerimeterId: 4 })).toBe('operatorWorks');
    expect(decisionRuleIdFor({ type: 2 })).toBe('alignment');
  });

  test('the defaults: two months, silence means refusal but for operators; every rule cites its texts', () => {
    expect(DEFAULT_LEGAL_RULES.permission).toMatchObject({ months: 2, days: 0, silence: 'implicitRefusal' });
    expect(DEFAULT_LEGAL_RULES.permission.references).toContain('L231-4');
    expect(DEFAULT_LEGAL_RULES.operatorWorks).toMatchObject({ months: 2, silence: 'worksMayStart' });
    expect(DEFAULT_LEGAL_RULES.operatorWorks.references).toContain('L115-1');
    expect(DEFAULT_LEGAL_RULES.alignment).toMatchObject({ months: 2, silence: 'implicitRefusal' });
    expect(DEFAULT_LEGAL_RULES.receptionRequest).toMatchObject({ days: 7, silence: 'reminder' });
    expect(DEFAULT_LEGAL_RULES.formalNotice).toMatchObject({ days: 30, silence: 'reminder' });
    for (const rule of Object.values(DEFAULT_LEGAL_RULES)) expect(rule.references).toMatch(/art\. [LR]\d/);
  });

  test('weekends and holidays move a deadline only where the rule says so', () => {
    // Filed Friday 25/09/2026: two months end on Wednesday 25/11 — a working day either way.
    expect(deadlineFrom('2026-09-25', permission)).toBe('2026-11-25');
    // Filed 25/10/2026: 25/12/2026 is Christmas. The permission rule counts calendar days…
    expect(deadlineFrom('2026-10-25', permission)).toBe('2026-12-25');
    // … a rule that extends to a working day ends on Monday 28/12.
    expect(deadlineFrom('2026-10-25', { ...permission, extendToWorkingDay: true })).toBe('2026-12-28');
    // The formal notice's 30 days from Friday 02/04/2027 end on Sunday 02/05: Monday 03/05.
    expect(deadlineFrom('2027-04-02', DEFAULT_LEGAL_RULES.formalNotice)).toBe('2027-05-03');
  });

  test("an administrator's delay replaces the default, the rest of the rule stays the law's", () => {
    const rules = rulesWithDelays([{ id: 'permission', months: 1, days: 15, extendToWorkingDay: true }]);
    expect(rules.permission).toMatchObject({
      months: 1,
      days: 15,
      extendToWorkingDay: true,
      silence: 'implicitRefusal',
    });
    expect(rules.alignment).toBe(DEFAULT_LEGAL_RULES.alignment);
    expect(deadlineFrom('2026-11-26', rules.permission)).toBe('2027-01-11');
  });
});

describe('what the applicant is told', () => {
  test('the acknowledgement states the delay, the day and the meaning of silence, and the appeal', () => {
    const lines = acknowledgementLines({
      rule: permission,
      receivedOn: '2026-11-26',
      deadlineOn: '2027-01-26',
    });
    expect(lines.join('\n')).toContain('Date de réception du dossier complet : 26/11/2026.');
    expect(lines.join('\n')).toContain("Délai d'instruction : 2 mois (Permission de voirie).");
    expect(lines.join('\n')).toContain(
      'Sans décision expresse au 26/01/2027, le silence gardé vaudra décision implicite de rejet de votre demande',
    );
    expect(lines.join('\n')).toContain('tribunal administratif de Pau');
    expect(lines.join('\n')).toContain('L232-4');
  });

  test('the operator case: works may start at the requested date', () => {
    const rule = DEFAULT_LEGAL_RULES.operatorWorks;
    const text = acknowledgementLines({
      rule,
      receivedOn: '2026-11-26',
      deadlineOn: '2027-01-26',
      requestedStart: '2027-02-01',
    }).join('\n');
    expect(text).toContain(
      'les travaux pourront être exécutés à la date indiquée dans votre demande (01/02/2027)',
    );
    expect(text).not.toContain('rejet');
    expect(implicitDecisionText(rule, '2027-01-26')).toBe(
      'Sans décision expresse le 26/01/2027 : travaux possibles à la date demandée',
    );
    expect(
      implicitDecisionMailLines({ rule, requestNumber: '42', decidedOn: '2027-01-26' }).join(' '),
    ).toContain('L115-1');
  });

  test('the implicit refusal mail says what it means and how to appeal', () => {
    const text = implicitDecisionMailLines({
      rule: permission,
      requestNumber: '42',
      decidedOn: '2027-01-26',
    }).join('\n');
    expect(text).toContain('votre demande est réputée rejetée (décision implicite de rejet');
    expect(text).toContain('dans un délai de 2 mois');
    expect(text).toContain('recours gracieux');
  });
});
