import { describe, expect, it } from 'vitest';
import {
  frenchLongDateTime,
  isLatePublication,
  publicationStamp,
  PUBLIC_ACTS_URLS,
} from './act-publication.ts';

describe('publication stamp', () => {
  it('says the Paris date and time in words', () => {
    // 13:05 UTC is 14:05 in Paris in winter.
    expect(publicationStamp(new Date('2026-11-30T13:05:00Z'))).toBe(
      'Publié sous forme électronique le 30 novembre 2026 à 14 h 05',
    );
  });

  it('writes the first of the month as « 1er » and the summer hour', () => {
    expect(frenchLongDateTime(new Date('2026-07-01T06:30:00Z'))).toBe('1er juillet 2026 à 08 h 30');
  });

  it('takes the Paris day across midnight UTC', () => {
    expect(frenchLongDateTime(new Date('2026-12-31T23:10:00Z'))).toBe('1er janvier 2027 à 00 h 10');
  });
});

describe('late publication', () => {
  it('is late only after the planned first day (Paris)', () => {
    expect(isLatePublication(new Date('2026-11-30T10:00:00Z'), '2026-11-30')).toBe(false);
    expect(isLatePublication(new Date('2026-12-01T10:00:00Z'), '2026-11-30')).toBe(true);
    // 23:30 UTC on the 30th is already the 1st in Paris.
    expect(isLatePublication(new Date('2026-11-30T23:30:00Z'), '2026-11-30')).toBe(true);
    expect(isLatePublication(new Date('2026-12-01T10:00:00Z'), null)).toBe(false);
  });
});

describe('public addresses', () => {
  it('encode the number', () => {
    expect(PUBLIC_ACTS_URLS.page('2026-0001')).toBe('/actes/2026-0001');
    expect(PUBLIC_ACTS_URLS.pdf('2026-0001')).toBe('/api/public/acts/2026-0001/pdf');
  });
});
