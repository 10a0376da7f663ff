import { describe, expect, test } from 'vitest';
import {
  maySignActs,
  OrderGenerationSchema,
  RequestSignatoriesSchema,
  signatoryLine,
  signatoryName,
  signatoryOptionLabel,
} from './act-signatory.ts';

describe('the signatory of an act (docs/acts.md « Signatory »)', () => {
  test('active instructors and administrators may sign; others, or a disabled account, may not', () => {
    expect(maySignActs({ roles: ['ROLE_INSTRUCTEUR'], isActive: true })).toBe(true);
    expect(maySignActs({ roles: ['ROLE_ADMIN'], isActive: true })).toBe(true);
    expect(maySignActs({ roles: ['ROLE_INSTRUCTEUR'], isActive: false })).toBe(false);
    expect(maySignActs({ roles: ['ROLE_GUICHET', 'ROLE_DEMANDEUR'], isActive: true })).toBe(false);
  });

  test('« Prénom Nom », the e-mail without a name', () => {
    expect(signatoryName({ firstName: ' Anne ', lastName: 'Lafitte', email: 'a@x.fr' })).toBe('Anne Lafitte');
    expect(signatoryName({ firstName: null, lastName: 'Lafitte', email: 'a@x.fr' })).toBe('Lafitte');
    expect(signatoryName({ firstName: '', lastName: null, email: 'a@x.fr' })).toBe('a@x.fr');
  });

  test("the register's line: name, then « Fonction »", () => {
    expect(signatoryLine({ signatoryName: 'Anne Lafitte', signatoryTitle: 'Maire' })).toBe(
      'Anne Lafitte, Maire',
    );
    expect(signatoryLine({ signatoryName: 'Anne Lafitte', signatoryTitle: null })).toBe('Anne Lafitte');
    expect(signatoryLine({ signatoryName: null, signatoryTitle: null })).toBe('');
  });

  test('the generation names its signatory by id, or none', () => {
    expect(OrderGenerationSchema.parse({})).toEqual({});
    expect(OrderGenerationSchema.parse({ signatoryId: 4 })).toEqual({ signatoryId: 4 });
    expect(OrderGenerationSchema.safeParse({ signatoryId: 0 }).success).toBe(false);
    expect(OrderGenerationSchema.safeParse({ signatory: 4 }).success).toBe(false);
  });
});

describe('the « Signataire » of the generation dialog', () => {
  test('« Prénom Nom — Fonction », « Prénom Nom » without a Fonction, the account without a name', () => {
    const anne = { id: 4, firstName: 'Anne', lastName: 'Lafitte', jobTitle: 'Maire de Capbreton' };
    expect(signatoryOptionLabel(anne)).toBe('Anne Lafitte — Maire de Capbreton');
    expect(signatoryOptionLabel({ ...anne, jobTitle: null })).toBe('Anne Lafitte');
    expect(signatoryOptionLabel({ ...anne, jobTitle: '  ' })).toBe('Anne Lafitte');
    expect(signatoryOptionLabel({ id: 9, firstName: null, lastName: ' ', jobTitle: 'DGS' })).toBe(
      'Compte n° 9 — DGS',
    );
  });

  test('the answer: the accounts and the preselected one, or none', () => {
    const signatories = [{ id: 4, firstName: 'Anne', lastName: 'Lafitte', jobTitle: null }];
    expect(RequestSignatoriesSchema.parse({ signatories, defaultId: 4 })).toEqual({
      signatories,
      defaultId: 4,
    });
    expect(RequestSignatoriesSchema.safeParse({ signatories, defaultId: null }).success).toBe(true);
  });
});
