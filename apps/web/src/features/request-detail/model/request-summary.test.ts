import type { Request } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { detailHeading, linkedRequestLinks, petitionerDisplay, requestSummary } from './request-summary';

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
  petitioner: { id: 3, firstName: 'Claire', lastName: 'Dupont' },
  numaffaire: 'AFF-7',
  dateStart: '2026-04-01',
  dateEnd: null,
} as Request;

const valueOf = (summary: { label: string; value: string }[], label: string) =>
  summary.find((entry) => entry.label === label)?.value;

describe('request summary', () => {
  it('gives kind, state, deposit date, address, petitioner, case number and works dates', () => {
    expect(requestSummary(request)).toEqual([
      { label: 'Type de demande', value: 'Permission de voirie - Accès/Clôture' },
      { label: 'État', value: 'Transférée en complétude' },
      { label: 'Date de dépôt', value: '05/03/2026' },
      { label: 'Adresse des travaux', value: '12 Rue des Pins, 40130 Capbreton' },
      { label: 'Demandeur', value: 'Claire Dupont' },
      { label: 'Numéro affaire', value: 'AFF-7' },
      { label: 'Début des travaux', value: '01/04/2026' },
      { label: 'Fin des travaux', value: '' },
    ]);
  });

  it("says 'En signature' for a request in state 3 sent to sign", () => {
    const atSignatory = {
      ...request,
      stateId: 3,
      state: { id: 3, name: 'Déposée' },
      sendToSign: true,
    } as Request;
    expect(valueOf(requestSummary(atSignatory), 'État')).toBe('En signature');
  });

  it('names a company petitioner with its agent', () => {
    expect(petitionerDisplay({ id: 1, corporationName: 'TP Landes', corporationAgent: 'Marc Roux' })).toBe(
      'TP Landes - Marc Roux',
    );
    expect(petitionerDisplay(null)).toBe('');
  });

  it('titles an extension after the request it extends', () => {
    expect(detailHeading(request, 'k3x9')).toBe('Demande n°42');
    expect(
      detailHeading(
        { id: 50, linkedRequests: { original: { id: 42, publicId: 'k3x9q', stateId: 10 }, extension: null } },
        'p7z2',
      ),
    ).toBe('Prolongation de la demande n°42');
    expect(detailHeading({ id: 50, extensionid: 42 }, '50')).toBe('Prolongation de la demande n°42');
    expect(detailHeading(undefined, 'abc')).toBe('Demande n°abc');
  });

  it('links the original of an extension and the extension of an extended request, by their page ids', () => {
    expect(
      linkedRequestLinks({
        linkedRequests: {
          original: { id: 42, publicId: 'k3x9q', stateId: 10 },
          extension: { id: 61, publicId: 'w8r4t', stateId: 3 },
        },
      }),
    ).toEqual([
      { id: 42, routeId: 'k3x9q', label: "Ouvrir la demande d'origine n°42 (nouvel onglet)" },
      { id: 61, routeId: 'w8r4t', label: 'Ouvrir la prolongation n°61 (nouvel onglet)' },
    ]);
    // Without the API's links, the request's own fields, by number.
    expect(linkedRequestLinks({ extensionid: 42 }).map((link) => link.routeId)).toEqual(['42']);
    expect(linkedRequestLinks({ extensionRequest: { id: 50 } }).map((link) => link.routeId)).toEqual(['50']);
    expect(linkedRequestLinks({ linkedRequests: { original: null, extension: null } })).toEqual([]);
  });
});
