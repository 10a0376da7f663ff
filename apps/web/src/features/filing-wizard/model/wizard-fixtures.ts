// Test fixtures of the wizard's model and pages (not used by the app itself).
import { CLAIRE } from '../../../test/fixtures';
import { A_POLYGON } from '../../../test/request-fixtures';
import { EMPTY_ALIGNMENT, EMPTY_CERFA, EMPTY_PARTY, type StepDrafts } from './step-drafts';
import { initialWizardState, type WizardState } from './wizard-state';

/** A state whose every step is complete, on step 1. */
export function completeState(kind: 1 | 2 | 3): WizardState {
  const initial = initialWizardState(kind);
  const drafts: StepDrafts = {
    ...initial.drafts,
    cerfa: { ...EMPTY_CERFA, themes: 'saillie_surplomb', trackWidth: '6,5' },
    alignment: { ...EMPTY_ALIGNMENT, reasonRequest: 'Real cloture' },
    petitioner: {
      ...EMPTY_PARTY,
      ...CLAIRE,
      phone: '0601020304',
    },
    dates: { dateStart: '2026-03-02', dateEnd: '2026-03-06' },
    files: {
      1: new File(['%PDF-1.4'], 'situation.pdf', { type: 'application/pdf' }),
      3: new File(['%PDF-1.4 plan'], 'plan.pdf', { type: 'application/pdf' }),
      85: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' }),
    },
    attestation: {
      accuracyInformation: true,
      madeIn: 'Capbreton',
      madeLastName: 'Dupont',
      madeFirstName: 'Claire',
      madeFonction: 'Propriétaire',
    },
  };
  return {
    ...initial,
    drafts,
    location: {
      ...initial.location,
      addressNum: '12',
      addressType: 'Rue',
      addressName: 'des Pins',
      addressPostalCode: '40130',
      addressCity: 'Capbreton',
      theGeom: A_POLYGON,
      lon: -1.4295,
      lat: 43.6311,
      plotNumbers: '40065000AB0012',
      sections: 'AB',
      wayType: 'Voie communale',
      inUrban: false,
    },
  };
}
