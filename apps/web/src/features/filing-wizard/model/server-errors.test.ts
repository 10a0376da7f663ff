import { describe, expect, it } from 'vitest';
import { serverErrorsByStep } from './server-errors';
import { wizardReducer } from './wizard-reducer';
import { completeState } from './wizard-fixtures';

describe("the server's refusal shown on the fields", () => {
  it('goes to the first step with a refused field, its errors keyed as the wizard keys them', () => {
    expect(
      serverErrorsByStep([
        { path: 'documents.1', message: 'plan.pdf : Le fichier est vide.' },
        { path: 'parties.petitioner.email', message: 'Adresse invalide' },
        { path: 'parties.petitioner.phone', message: '10 chiffres' },
      ]),
    ).toEqual({
      step: 3,
      errors: { 'petitioner.email': 'Adresse invalide', 'petitioner.phone': '10 chiffres' },
    });
    expect(serverErrorsByStep([{ path: 'cerfa1402301.themes', message: 'x' }])).toEqual({
      step: 2,
      errors: { 'cerfa.themes': 'x' },
    });
    expect(serverErrorsByStep([{ path: 'location.theGeom', message: 'Aucune voie' }])?.errors).toEqual({
      theGeom: 'Aucune voie',
    });
    expect(serverErrorsByStep([{ message: 'sans chemin' }])).toBeNull();
  });

  it('moves the wizard there, keeping every draft', () => {
    const state = { ...completeState(1), step: 6 as const };
    const refused = wizardReducer(state, {
      type: 'serverRefused',
      step: 5,
      errors: { 'documents.1': 'plan.pdf : Le fichier est vide.' },
    });
    expect(refused.step).toBe(5);
    expect(refused.errors).toEqual({ 'documents.1': 'plan.pdf : Le fichier est vide.' });
    expect(refused.drafts).toBe(state.drafts);
  });
});
