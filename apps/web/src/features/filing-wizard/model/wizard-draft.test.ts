import { describe, expect, it } from 'vitest';
import { draftContentKey, draftInputOf, wizardStateFromDraft } from './wizard-draft';
import { initialWizardState, type WizardState } from './wizard-state';

function filledWizard(): WizardState {
  const state = initialWizardState(1);
  return {
    ...state,
    step: 3,
    location: {
      ...state.location,
      addressNum: '12',
      addressType: 'Rue',
      addressName: 'des Pins',
      addressCity: 'Capbreton',
      lon: -1.43,
      lat: 43.63,
      wayType: 'Voie communale',
      inUrban: false,
    },
    road: { status: 'done', typevoie: 'Voie communale', name: 'Rue des Pins' },
    drafts: {
      ...state.drafts,
      project: 'Fibre',
      petitioner: { ...state.drafts.petitioner, lastName: 'Durand' },
      files: { 1: new File(['%PDF'], 'plan.pdf') },
    },
  };
}

describe('the wizard kept as a draft', () => {
  it('saves the kind, the step, a label and what was typed, but not the chosen files', () => {
    const input = draftInputOf(filledWizard());
    expect(input).toMatchObject({ kind: 1, step: 3, label: '12 Rue des Pins, Capbreton' });
    expect(JSON.stringify(input.state)).not.toContain('files');
    expect(input.state).toMatchObject({ drafts: { project: 'Fibre', petitioner: { lastName: 'Durand' } } });
    // Without an address, the project names it; with neither, the label is empty.
    const noAddress = initialWizardState(1);
    expect(draftInputOf({ ...noAddress, drafts: { ...noAddress.drafts, project: 'Fibre' } }).label).toBe(
      'Fibre',
    );
    expect(draftInputOf(noAddress).label).toBe('');
  });

  it('a file chosen or removed is no change of the draft; a typed field is', () => {
    const state = filledWizard();
    const key = draftContentKey(state);
    expect(draftContentKey({ ...state, drafts: { ...state.drafts, files: {} } })).toBe(key);
    expect(draftContentKey({ ...state, drafts: { ...state.drafts, project: 'Gaz' } })).not.toBe(key);
  });

  it('resumes on the step it was left on, with every field back', () => {
    const saved = JSON.parse(JSON.stringify(draftInputOf(filledWizard()).state)) as unknown;
    const resumed = wizardStateFromDraft(1, saved);
    expect(resumed.step).toBe(3);
    expect(resumed.mode).toBe('create');
    expect(resumed.location.addressName).toBe('des Pins');
    expect(resumed.drafts.petitioner.lastName).toBe('Durand');
    expect(resumed.drafts.files).toEqual({});
    expect(resumed.road.status).toBe('done');
    expect(resumed.mapFocus).toEqual({ lonLat: [-1.43, 43.63] });
    expect(draftContentKey(resumed)).toBe(
      draftContentKey({ ...filledWizard(), drafts: { ...filledWizard().drafts, files: {} } }),
    );
  });

  it('keeps the defaults where the saved draft does not fit (older or altered)', () => {
    const resumed = wizardStateFromDraft(2, {
      step: 2,
      location: { addressName: 42, addressCity: 'Seignosse' },
      drafts: { project: ['x'], operator: 'Orange', isbeneficiaire: 'oui', adresses: 'none' },
    });
    // Kind 2 has no step 2: back to step 1.
    expect(resumed.step).toBe(1);
    expect(resumed.location.addressName).toBe('');
    expect(resumed.location.addressCity).toBe('Seignosse');
    expect(resumed.drafts.project).toBe('');
    expect(resumed.drafts.operator).toBeNull();
    expect(resumed.drafts.isbeneficiaire).toBe(false);
    expect(resumed.drafts.adresses).toEqual([]);
    expect(wizardStateFromDraft(1, null)).toEqual(initialWizardState(1));
  });

  it('checks the road again when it was not checked before the save', () => {
    const geom = {
      type: 'GeometryCollection' as const,
      geometries: [{ type: 'Point' as const, coordinates: [-1.43, 43.63] }],
    };
    const resumed = wizardStateFromDraft(1, {
      step: 1,
      location: { theGeom: geom, lon: -1.43, lat: 43.63 },
      road: { status: 'loading', typevoie: null, name: null },
    });
    expect(resumed.road.status).toBe('loading');
    expect(resumed.request?.geom).toEqual(geom);
  });
});
