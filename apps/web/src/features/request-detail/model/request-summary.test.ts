import type { Request } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { canComplete, requestSummary } from './request-summary';

const request = {
  id: 42,
  publicId: 'k3x9',
  type: 3,
  stateId: 8,
  state: { id: 8, name: 'Transférée en complétude' },
  stdUserId: 12,
  sendToSign: false,
  depositDate: '2026-03-05T10:12:00.000Z',
  addressNum: '12',
  addressType: 'Rue',
  addressName: 'des Pins',
  addressPostalCode: '40130',
  addressCity: 'Capbreton',
} as Request;

describe('request summary', () => {
  it('gives the kind, the state, the deposit date and the address', () => {
    expect(requestSummary(request)).toEqual({
      kind: 'Permission de voirie - Accès/Clôture',
      state: 'Transférée en complétude',
      depositDate: '05/03/2026',
      address: '12 Rue des Pins, 40130 Capbreton',
    });
  });

  it('offers completion to the owner of a request in state 8 only', () => {
    expect(canComplete(request, 12)).toBe(true);
    expect(canComplete(request, 13)).toBe(false);
    expect(canComplete({ ...request, stateId: 3 }, 12)).toBe(false);
  });
});
