import { describe, expect, it } from 'vitest';
import { aUser, CLAIRE } from '../../../test/fixtures';
import { changeDraft } from './draft-reducer';
import { EMPTY_PARTY } from './step-drafts';
import { wizardReducer, type WizardAction } from './wizard-reducer';
import { initialWizardState, type WizardState } from './wizard-state';

function run(state: WizardState, ...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, state);
}

describe('the drafts of steps 2 to 6', () => {
  it("'Je suis le demandeur' copies the signed-in user into the applicant", () => {
    const user = aUser({ phone: '0601020304' });
    const state = run(initialWizardState(1), { type: 'applicantFromUser', user });
    expect(state.drafts.petitioner).toMatchObject({ ...CLAIRE, phone: '0601020304' });
    // Every field of the block is the account's, blank where the account has none.
    const full = run(initialWizardState(1), {
      type: 'applicantFromUser',
      user: aUser({ corporationSiret: '73282932000074', place: 'Les Barthes', addressCity: 'Capbreton' }),
    });
    expect(full.drafts.petitioner).toEqual({
      ...EMPTY_PARTY,
      ...CLAIRE,
      corporationSiret: '73282932000074',
      place: 'Les Barthes',
      addressCity: 'Capbreton',
    });
    // A nature the kind does not offer is left as it was.
    const officer = run(initialWizardState(2), {
      type: 'applicantFromUser',
      user: aUser({ nature: 'Service public' }),
    });
    expect(officer.drafts.petitioner.nature).toBe('');
  });

  it("'Je suis le demandeur' then Entreprise: the user becomes the company's agent, unless one is typed", () => {
    const copied = run(initialWizardState(1), { type: 'applicantFromUser', user: aUser() });
    const company = run(copied, changeDraft('petitioner', 'nature', 'Entreprise'));
    expect(company.drafts.petitioner).toMatchObject({
      nature: 'Entreprise',
      corporationAgent: 'Claire Dupont',
      corporationAgentTitle: 'Madame',
      // Kept in the draft (back to Particulier finds them), never sent for a company.
      lastName: 'Dupont',
    });
    const typed = run(
      copied,
      changeDraft('petitioner', 'corporationAgent', 'Jean Lafitte'),
      changeDraft('petitioner', 'nature', 'Service public'),
    );
    expect(typed.drafts.petitioner.corporationAgent).toBe('Jean Lafitte');
    // A company becoming another kind of corporation keeps its agent as typed.
    const other = run(
      company,
      changeDraft('petitioner', 'corporationAgent', ''),
      changeDraft('petitioner', 'nature', 'Service public'),
    );
    expect(other.drafts.petitioner.corporationAgent).toBe('');
  });

  it('opens and closes the beneficiary block, emptied when closed', () => {
    const open = run(
      initialWizardState(1),
      { type: 'beneficiaryToggled', value: true },
      changeDraft('beneficiary', 'lastName', 'Martin'),
    );
    expect(open.drafts).toMatchObject({ isbeneficiaire: true, beneficiary: { lastName: 'Martin' } });
    const closed = run(open, { type: 'beneficiaryToggled', value: false });
    expect(closed.drafts).toMatchObject({ isbeneficiaire: false, beneficiary: { lastName: '' } });
  });

  it('adds and removes secondary addresses, dropping their errors', () => {
    const state = run(
      initialWizardState(1),
      { type: 'addressAdded' },
      { type: 'addressAdded' },
      { type: 'secondaryAddressChanged', index: 1, field: 'addressName', value: 'de la Plage' },
    );
    expect(state.drafts.adresses.map((address) => address.addressName)).toEqual(['', 'de la Plage']);
    const withErrors = { ...state, errors: { 'adresses.0.addressName': 'x', addressCity: 'y' } };
    const removed = run(withErrors, { type: 'addressRemoved', index: 0 });
    expect(removed.drafts.adresses.map((address) => address.addressName)).toEqual(['de la Plage']);
    expect(removed.errors).toEqual({ addressCity: 'y' });
  });

  it('keeps a file per type; choosing one clears its error', () => {
    const file = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });
    const state = run(
      { ...initialWizardState(1), errors: { 'documents.3': 'obligatoire' } },
      { type: 'fileChosen', typeId: 3, file },
    );
    expect(state.drafts.files[3]).toBe(file);
    expect(state.errors).toEqual({});
    expect(run(state, { type: 'fileRemoved', typeId: 3 }).drafts.files).toEqual({});
  });

  it('keeps every step when moving back and forth, and the map focus on returning to step 1', () => {
    const onStep3 = {
      ...initialWizardState(2),
      step: 3 as const,
      location: { ...initialWizardState(2).location, lon: -1.43, lat: 43.63 },
    };
    const edited = run(onStep3, changeDraft('petitioner', 'lastName', 'Dupont'));
    // Kind 2 skips step 2 backwards too.
    const back = run(edited, { type: 'previous' });
    expect(back.step).toBe(1);
    expect(back.mapFocus).toEqual({ lonLat: [-1.43, 43.63] });
    expect(back.drafts.petitioner.lastName).toBe('Dupont');
  });
});
