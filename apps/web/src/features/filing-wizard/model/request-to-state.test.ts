import { describe, expect, it } from 'vitest';
import { validateStep } from './step-validation';
import { kindOfRequest, wizardStateFromRequest } from './request-to-state';
import { stepCheckInput, selectCanGoNext } from './wizard-selectors';
import { aStoredRequest } from '../../../test/request-fixtures';
import { wizardReducer } from './wizard-reducer';

describe('the update route: a request in state 8 in the wizard', () => {
  it('takes the kind from the CERFA (3 when isAccessDevelopment)', () => {
    const request = aStoredRequest();
    expect(kindOfRequest(request)).toBe(3);
    expect(
      kindOfRequest({ ...request, cerfa1402301: { ...request.cerfa1402301!, isAccessDevelopment: false } }),
    ).toBe(1);
    expect(kindOfRequest({ ...request, type: 2, cerfa1402301: null })).toBe(2);
  });

  it('fills every step, dates given as day/month/year read as year-month-day', () => {
    const state = wizardStateFromRequest(aStoredRequest());
    expect(state).toMatchObject({ mode: 'update', requestId: 42, kind: 3, step: 1, missingDocuments: [5] });
    expect(state.location).toMatchObject({
      addressName: 'des Pins',
      addressExt: '',
      plotNumbers: '40065000AB0012',
    });
    expect(state.drafts.adresses).toEqual([
      expect.objectContaining({ id: 7, addressType: 'Avenue', addressName: 'de la Plage', addressNum: '' }),
    ]);
    expect(state.drafts.cerfa).toMatchObject({
      id: 9,
      themes: 'saillie_surplomb',
      ditchCrossing: true,
      pipeDiameter: '300',
    });
    expect(state.drafts.petitioner).toMatchObject({
      id: 3,
      lastName: 'Dupont',
      email: 'claire.dupont@example.fr',
    });
    expect(state.drafts.isbeneficiaire).toBe(false);
    expect(state.drafts.dates).toEqual({ dateStart: '2026-03-02', dateEnd: '2026-03-06' });
    expect(state.drafts.attestation).toMatchObject({ accuracyInformation: false, madeIn: 'Capbreton' });
  });

  it('needs no footprint, and lets Suivant through on the stored way type', () => {
    const state = wizardStateFromRequest(aStoredRequest());
    expect(selectCanGoNext(state)).toBe(true);
    expect(validateStep(1, stepCheckInput(state))).toEqual({});
    expect(wizardReducer(state, { type: 'next' }).step).toBe(2);
  });

  it('keeps the beneficiary checkbox as filed', () => {
    const state = wizardStateFromRequest(
      aStoredRequest({ isbeneficiaire: true, beneficiary: { ...aStoredRequest().petitioner!, id: 4 } }),
    );
    expect(state.drafts.isbeneficiaire).toBe(true);
    expect(wizardReducer(state, { type: 'beneficiaryToggled', value: false }).drafts.isbeneficiaire).toBe(
      true,
    );
  });
});
