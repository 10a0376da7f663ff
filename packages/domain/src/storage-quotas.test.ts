import { describe, expect, test } from 'vitest';
import { isStorageQuotaExempt, STORAGE_QUOTAS, storageQuotaRefusal } from './storage-quotas.ts';

const MB = 1024 * 1024;
const quotas = { requestBytes: 100 * MB, accountBytesPerDay: 500 * MB };

describe('storage quotas', () => {
  test('the defaults: 100 MB a request, 500 MB an account over 24 hours', () => {
    expect(STORAGE_QUOTAS).toEqual(quotas);
  });

  test("a filing over the request's total is refused with the limit, in French", () => {
    expect(storageQuotaRefusal({ requestBytes: 0, accountBytes: 0, incoming: 800 * MB }, quotas)).toBe(
      'Une demande peut porter 100 Mo de pièces au plus : ces fichiers en font 800 Mo.',
    );
  });

  test('a later upload counts what the request already holds; exactly the quota passes', () => {
    expect(
      storageQuotaRefusal({ requestBytes: 95 * MB, accountBytes: 0, incoming: 5 * MB }, quotas),
    ).toBeNull();
    expect(
      storageQuotaRefusal({ requestBytes: 95 * MB, accountBytes: 0, incoming: 5 * MB + 1 }, quotas),
    ).toBe(
      'Une demande peut porter 100 Mo de pièces au plus : elle en compte déjà 95 Mo et ces fichiers en ajoutent 5 Mo.',
    );
  });

  test("the account's 24 hours: what it uploaded already, small sizes in Ko", () => {
    expect(
      storageQuotaRefusal({ requestBytes: 0, accountBytes: 499.5 * MB, incoming: 600 * 1024 }, quotas),
    ).toBe(
      'Un compte peut déposer 500 Mo de pièces au plus en 24 heures : vous en avez déjà déposé 499,5 Mo et ces fichiers en ajoutent 600 Ko. Réessayez plus tard, ou adressez-vous au service instructeur.',
    );
    expect(
      storageQuotaRefusal({ requestBytes: 0, accountBytes: 400 * MB, incoming: 20 * MB }, quotas),
    ).toBeNull();
  });

  test('instructors and administrators are exempt; applicants, counters and operators are not', () => {
    expect(isStorageQuotaExempt({ roles: ['ROLE_INSTRUCTEUR'] })).toBe(true);
    expect(isStorageQuotaExempt({ roles: ['ROLE_ADMIN'] })).toBe(true);
    for (const role of ['ROLE_DEMANDEUR', 'ROLE_GUICHET', 'ROLE_OPERATEUR', 'ROLE_GESTIONNAIRE'])
      expect(isStorageQuotaExempt({ roles: [role] })).toBe(false);
  });
});
