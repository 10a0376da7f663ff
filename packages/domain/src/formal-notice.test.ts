import { describe, expect, test } from 'vitest';
import {
  FORMAL_NOTICE_TEXTS,
  formalNoticeRemedyDue,
  formalNoticeSigningProblem,
  remedyDelayText,
} from './formal-notice.ts';
import { DEFAULT_LEGAL_RULES } from './legal-rules.ts';

const rule = DEFAULT_LEGAL_RULES.formalNotice;

describe('the formal notice’s delay runs from its proven notification', () => {
  test('30 days from the Paris day of the proof, moved to the next working day', () => {
    // Opened on Monday 2 March 2026 at 10:00 in Paris: 1 April 2026, a Wednesday.
    expect(formalNoticeRemedyDue('2026-03-02T09:00:00Z', rule)).toBe('2026-04-01');
    // 23:30 UTC on 30 November is 00:30 on 1 December in Paris: the Paris day counts.
    expect(formalNoticeRemedyDue('2026-11-30T23:30:00Z', rule)).toBe('2026-12-31');
    // Received on 2 December 2026 (a registered letter, midnight Paris): 1 January 2027 is a
    // public holiday, so Saturday 2 and Sunday 3 are skipped too: Monday 4 January 2027.
    expect(formalNoticeRemedyDue('2026-12-01T23:00:00Z', rule)).toBe('2027-01-04');
  });

  test('the reception block: the day once notified, the waiting act before, nothing without one', () => {
    expect(remedyDelayText({ remedyDueOn: '2027-01-04', formalNoticeAct: '2026_00012' })).toBe(
      "jusqu'au 04/01/2027",
    );
    expect(remedyDelayText({ remedyDueOn: null, formalNoticeAct: '2026_00012' })).toBe(
      FORMAL_NOTICE_TEXTS.awaitingNotification('2026_00012'),
    );
    expect(remedyDelayText({ remedyDueOn: null, formalNoticeAct: null })).toBe('');
  });
});

describe('when the signed formal notice may be recorded', () => {
  const ready = { stateId: 12, receptionOpinion: 'refusé', generated: true, signedNumber: null };

  test('after a refused reception with a generated formal notice, once', () => {
    expect(formalNoticeSigningProblem(ready)).toBeNull();
    expect(formalNoticeSigningProblem({ ...ready, stateId: 13 })).toBeNull();
    expect(formalNoticeSigningProblem({ ...ready, signedNumber: '2026_00003' })).toBe(
      FORMAL_NOTICE_TEXTS.alreadySigned('2026_00003'),
    );
    expect(formalNoticeSigningProblem({ ...ready, generated: false })).toBe(FORMAL_NOTICE_TEXTS.notGenerated);
  });

  test('not before the refusal, nor once the reception is asked again', () => {
    expect(formalNoticeSigningProblem({ ...ready, stateId: 4 })).toBe(FORMAL_NOTICE_TEXTS.notAfterRefusal);
    expect(formalNoticeSigningProblem({ ...ready, stateId: 6, receptionOpinion: null })).toBe(
      FORMAL_NOTICE_TEXTS.notAfterRefusal,
    );
  });
});
