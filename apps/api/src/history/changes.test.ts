import { describe, expect, test } from 'vitest';
import { fieldChanges } from './changes.ts';

describe('fieldChanges', () => {
  test('keeps the changed fields with both values, ignoring maintained columns and empty/absent equivalence', () => {
    const before = {
      email: 'a@x.fr',
      phone: null,
      lastName: 'Dupont',
      updatedAt: new Date(0),
      width: '1.50',
      depth: '2.00',
      num: '01',
    };
    const after = {
      email: 'b@x.fr',
      phone: '',
      lastName: 'Dupont',
      updatedAt: new Date(),
      width: 1.5,
      depth: 2.5,
      num: '1',
    };
    expect(fieldChanges(before, after)).toEqual({
      email: { before: 'a@x.fr', after: 'b@x.fr' },
      depth: { before: '2.00', after: 2.5 },
      num: { before: '01', after: '1' },
    });
  });

  test('dates and objects compare by value', () => {
    expect(
      fieldChanges(
        { day: new Date('2026-01-01T00:00:00Z'), list: ['a'] },
        { day: new Date('2026-01-01T00:00:00Z'), list: ['a'] },
      ),
    ).toEqual({});
  });
});
