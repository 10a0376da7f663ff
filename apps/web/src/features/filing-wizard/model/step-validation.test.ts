import { FORM_ERRORS_MESSAGE, VALIDATION_MESSAGES } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { validateStep } from './step-validation';
import { EMPTY_SECONDARY_ADDRESS } from './step-drafts';
import { stepCheckInput } from './wizard-selectors';
import { DOCUMENT_TYPES } from '../../../test/request-fixtures';
import { completeState } from './wizard-fixtures';
import { wizardReducer } from './wizard-reducer';
import type { WizardState } from './wizard-state';

const errorsOf = (state: WizardState, step: 1 | 2 | 3 | 4 | 5 | 6) =>
  validateStep(step, stepCheckInput(state, DOCUMENT_TYPES));

function withDrafts(state: WizardState, drafts: Partial<WizardState['drafts']>): WizardState {
  return { ...state, drafts: { ...state.drafts, ...drafts } };
}

describe('the steps checked by the domain schemas', () => {
  it('finds every step of a complete request valid', () => {
    for (const kind of [1, 2, 3] as const) {
      for (const step of [1, 2, 3, 4, 5, 6] as const) {
        expect(errorsOf(completeState(kind), step)).toEqual({});
      }
    }
  });

  it('step 1: each secondary address needs the same fields as the main one', () => {
    const state = withDrafts(completeState(1), {
      adresses: [{ ...EMPTY_SECONDARY_ADDRESS, addressCity: 'Bayonne' }],
    });
    const errors = errorsOf(state, 1);
    expect(errors['adresses.0.addressName']).toBe(VALIDATION_MESSAGES.required);
    expect(errors['adresses.0.addressCity']).toBe('Bayonne ne fait pas partie de la communauté.');
    // Kind 2 has none (and sends none).
    expect(errorsOf({ ...state, kind: 2 }, 1)).toEqual({});
  });

  it('step 2 of a permission: a theme, bounded widths, the pipe diameter when the ditch is crossed', () => {
    const base = completeState(1);
    const errors = errorsOf(
      withDrafts(base, {
        cerfa: { ...base.drafts.cerfa, themes: '', trackWidth: '1000,5' },
      }),
      2,
    );
    expect(errors).toEqual({
      'cerfa.themes': VALIDATION_MESSAGES.themesRequired,
      'cerfa.trackWidth': VALIDATION_MESSAGES.max(1000),
    });
    // The domain checks the ditch once the fields are valid.
    const ditch = withDrafts(base, { cerfa: { ...base.drafts.cerfa, ditchCrossing: true } });
    expect(errorsOf(ditch, 2)).toEqual({ 'cerfa.pipeDiameter': VALIDATION_MESSAGES.pipeDiameterRequired });
    const trench = withDrafts(base, {
      cerfa: { ...base.drafts.cerfa, longitudinalTrenchUnderRoad: '9999.99' },
    });
    expect(errorsOf(trench, 2)).toEqual({});
  });

  it('step 2 of kind 3: the pipe diameter is a whole number of millimetres', () => {
    const base = completeState(3);
    const state = withDrafts(base, {
      cerfa: { ...base.drafts.cerfa, ditchCrossing: true, pipeDiameter: '300.5' },
    });
    expect(errorsOf(state, 2)).toEqual({ 'cerfa.pipeDiameter': 'Saisir un nombre entier positif' });
  });

  it("an alignment's reason is asked on step 4, with the dates (kind 2 skips step 2): details for 'Autre'", () => {
    const base = completeState(2);
    const none = withDrafts(base, { alignment: { ...base.drafts.alignment, reasonRequest: '' } });
    expect(errorsOf(none, 2)).toEqual({});
    expect(errorsOf(none, 4)).toEqual({ 'alignment.reasonRequest': VALIDATION_MESSAGES.required });
    const other = withDrafts(base, { alignment: { ...base.drafts.alignment, reasonRequest: 'Autre' } });
    expect(errorsOf(other, 4)).toEqual({
      'alignment.reasonRequestOther': VALIDATION_MESSAGES.otherDetailsRequired,
    });
  });

  it("step 3: the applicant's e-mail is required, the beneficiary's only checked; 10-digit phones", () => {
    const base = completeState(1);
    const state = withDrafts(base, {
      petitioner: { ...base.drafts.petitioner, email: '', phone: '06 01' },
      isbeneficiaire: true,
      beneficiary: {
        ...base.drafts.petitioner,
        email: '',
        nature: 'Entreprise',
        corporationName: 'Sarl Pins',
      },
    });
    expect(errorsOf(state, 3)).toEqual({
      'petitioner.email': VALIDATION_MESSAGES.required,
      'petitioner.phone': VALIDATION_MESSAGES.phoneDigits,
    });
    const notary = withDrafts(base, {
      isbeneficiaire: true,
      beneficiary: { ...base.drafts.petitioner, nature: 'Notaire' },
    });
    expect(errorsOf(notary, 3)).toMatchObject({ 'beneficiary.nature': VALIDATION_MESSAGES.choice });
  });

  it('step 4: both dates, the end not before the start (kind 2 exempt)', () => {
    const inverted = (kind: 1 | 2) =>
      withDrafts(completeState(kind), { dates: { dateStart: '2026-03-06', dateEnd: '2026-03-02' } });
    expect(errorsOf(inverted(1), 4)).toEqual({
      'dates.dateEnd': 'La date de fin de travaux ne peut pas être inférieure à la date de début des travaux',
    });
    expect(errorsOf(inverted(2), 4)).toEqual({});
    const empty = withDrafts(completeState(1), { dates: { dateStart: null, dateEnd: null } });
    expect(Object.keys(errorsOf(empty, 4))).toEqual(['dates.dateStart', 'dates.dateEnd']);
  });

  it('step 5: the mandatory types of the kind need a file', () => {
    const state = withDrafts(completeState(3), { files: {} });
    expect(errorsOf(state, 5)).toEqual({
      'documents.1': 'La pièce « Plan de situation 1/10000 ou 1/20000 » est obligatoire.',
      'documents.3': 'La pièce « Plan de localisation précis 1/1000 ou 1/2000 » est obligatoire.',
      'documents.85': 'La pièce « Pièce 85 » est obligatoire.',
    });
    // Kind 2: 85 is optional.
    expect(Object.keys(errorsOf(withDrafts(completeState(2), { files: {} }), 5))).toEqual([
      'documents.1',
      'documents.3',
    ]);
  });

  it('step 6: the accuracy box and the four texts', () => {
    const state = withDrafts(completeState(1), {
      attestation: {
        accuracyInformation: false,
        madeIn: '',
        madeLastName: 'D',
        madeFirstName: 'C',
        madeFonction: 'Q',
      },
    });
    expect(errorsOf(state, 6)).toEqual({
      'attestation.accuracyInformation': VALIDATION_MESSAGES.accuracyRequired,
      'attestation.madeIn': VALIDATION_MESSAGES.required,
    });
  });

  it('keeps the user on a step with errors, which the stepper and the toast show', () => {
    const onStep2 = { ...completeState(1), step: 2 as const };
    const refused = wizardReducer(withDrafts(onStep2, { cerfa: { ...onStep2.drafts.cerfa, themes: '' } }), {
      type: 'next',
    });
    expect(refused.step).toBe(2);
    expect(refused.errors['cerfa.themes']).toBe(VALIDATION_MESSAGES.themesRequired);
    expect(FORM_ERRORS_MESSAGE).toBe('Veuillez corriger les erreurs du formulaire');
    expect(wizardReducer(onStep2, { type: 'next' }).step).toBe(3);
  });
});
