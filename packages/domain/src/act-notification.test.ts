import { describe, expect, test } from 'vitest';
import {
  PostalNotificationSchema,
  appealDeadline,
  notificationStatus,
  postalReceiptProblem,
} from './act-notification.ts';

describe('the appeal delay', () => {
  test('two months, a « délai franc », moved past a weekend or a holiday', () => {
    // Notified on Tuesday 3 March 2026: the last day is Monday 4 May.
    expect(appealDeadline('2026-03-03')).toBe('2026-05-04');
    // Notified on 30 April 2026: 1 July, a Wednesday.
    expect(appealDeadline('2026-04-30')).toBe('2026-07-01');
    // Notified on 13 May 2026: 14 July is Bastille Day, so the 15th.
    expect(appealDeadline('2026-05-13')).toBe('2026-07-15');
    // Notified on 31 December 2026: 28 February 2027 + 1 is 1 March, a Monday.
    expect(appealDeadline('2026-12-31')).toBe('2027-03-01');
  });
});

describe('where a notification stands', () => {
  const base = {
    notifiedAt: null,
    hasMail: true,
    mailStatus: 'sent',
    outboxStatus: 'sent',
    signedOn: '2026-03-01',
  };
  test('proven, awaiting, bounced, unopened after the delay, or without any mail', () => {
    expect(notificationStatus({ ...base, notifiedAt: '2026-03-02T08:00:00Z', today: '2026-03-20' })).toBe(
      'notified',
    );
    expect(notificationStatus({ ...base, today: '2026-03-15' })).toBe('pending');
    expect(notificationStatus({ ...base, today: '2026-03-16' })).toBe('unopened');
    expect(notificationStatus({ ...base, mailStatus: 'hardbounced', today: '2026-03-02' })).toBe('bounced');
    expect(
      notificationStatus({ ...base, mailStatus: 'deferred', outboxStatus: 'failed', today: '2026-03-02' }),
    ).toBe('bounced');
    expect(notificationStatus({ ...base, hasMail: false, today: '2026-03-02' })).toBe('noAccount');
  });
});

describe('the registered letter', () => {
  test('a letter number and a real day, received between the signature and today', () => {
    expect(
      PostalNotificationSchema.safeParse({ letterNumber: ' 1A 123 456 7890 1 ', receivedOn: '2026-03-04' })
        .success,
    ).toBe(true);
    expect(PostalNotificationSchema.safeParse({ letterNumber: '', receivedOn: '2026-03-04' }).success).toBe(
      false,
    );
    expect(PostalNotificationSchema.safeParse({ letterNumber: '1A', receivedOn: '04/03/2026' }).success).toBe(
      false,
    );
    const dates = { signedOn: '2026-03-01', today: '2026-03-10' };
    expect(postalReceiptProblem('2026-03-11', dates)).toMatch(/futur/);
    expect(postalReceiptProblem('2026-02-28', dates)).toMatch(/01\/03\/2026/);
    expect(postalReceiptProblem('2026-03-01', dates)).toBeNull();
  });
});
