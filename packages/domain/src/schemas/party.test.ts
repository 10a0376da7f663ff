import { describe, expect, test } from 'vitest';
import { partyForNature } from './party.ts';

describe('partyForNature', () => {
  const typed = {
    nature: 'Entreprise',
    title: 'Madame',
    lastName: 'Durand',
    firstName: 'Marie',
    corporationName: 'SARL Les Pins',
    corporationSiret: null,
    corporationAgent: 'Marie Durand',
    corporationAgentTitle: 'Madame',
    email: 'marie.durand@exemple.fr',
  };

  test("a corporation keeps no person's title and names", () => {
    expect(partyForNature(typed)).toEqual({ ...typed, title: null, lastName: null, firstName: null });
  });

  test('a Particulier keeps no corporation', () => {
    expect(partyForNature({ ...typed, nature: 'Particulier' })).toEqual({
      ...typed,
      nature: 'Particulier',
      corporationName: null,
      corporationSiret: null,
      corporationAgent: null,
      corporationAgentTitle: null,
    });
  });

  test('without a nature nothing is dropped, and absent fields are not added', () => {
    expect(partyForNature({ ...typed, nature: '' })).toEqual({ ...typed, nature: '' });
    expect(partyForNature({ nature: 'Entreprise', corporationName: 'SARL' })).toEqual({
      nature: 'Entreprise',
      corporationName: 'SARL',
    });
  });
});
