import { FileRequestSchema, TRAFFIC_ORDER_NOT_OFFERED, VALIDATION_MESSAGES } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { filingRequestPayload } from './filing-payload';
import { wizardStateFromRequest } from './request-to-state';
import { serverErrorsByStep } from './server-errors';
import { validateStep } from './step-validation';
import { EMPTY_ALIGNMENT } from './step-drafts';
import { aStoredRequest, DOCUMENT_TYPES } from '../../../test/request-fixtures';
import { completeState } from './wizard-fixtures';
import { draftInputOf, wizardStateFromDraft } from './wizard-draft';
import { wizardReducer, type WizardAction } from './wizard-reducer';
import { stepCheckInput } from './wizard-selectors';
import type { WizardState } from './wizard-state';

// A permission that also asks for the alignment of the place and, its works taking
// the carriageway, for the traffic-police order (cerfa 14024).

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const change = (section: 'cerfa' | 'trafficOrder' | 'dates' | 'alignment', field: string, value: unknown) =>
  ({ type: 'draftChanged', section, field, value }) as WizardAction;

/** A complete networks permission whose works open the roadway, filed by a company. */
function onCarriageway(): WizardState {
  const state = completeState(1);
  return {
    ...state,
    drafts: {
      ...state.drafts,
      cerfa: {
        ...state.drafts.cerfa,
        themes: 'ouvrage_divers',
        natureWork: 'creation',
        longitudinalTrenchUnderRoad: '25',
      },
      petitioner: {
        ...state.drafts.petitioner,
        nature: 'Entreprise',
        corporationName: 'Réseaux Sud Landes',
        corporationAgent: 'Jean Lalanne',
        email: 'chantiers@reseaux-sud.fr',
      },
    },
  };
}

const errorsAt4 = (state: WizardState) => validateStep(4, stepCheckInput(state, DOCUMENT_TYPES));

describe("'Demander aussi l'alignement'", () => {
  it('asks the alignment questions at step 4, checked as kind 2 checks them, and sends them', () => {
    const state = run(
      completeState(1),
      { type: 'alignmentToggled', value: true },
      change('alignment', 'reasonRequest', ''),
    );
    expect(errorsAt4(state)).toEqual({ 'alignment.reasonRequest': VALIDATION_MESSAGES.required });
    const answered = run(state, change('alignment', 'reasonRequest', 'Real cloture'));
    expect(errorsAt4(answered)).toEqual({});
    const payload = filingRequestPayload(1, answered.location, answered.drafts);
    expect(payload).toMatchObject({
      individualAlignmentRequest: { reasonRequest: 'Real cloture' },
      cerfa14024: null,
    });
    expect(FileRequestSchema.safeParse(payload).success).toBe(true);
  });

  it('unticked, nothing is asked nor sent (what was typed stays for a second thought)', () => {
    const state = run(
      completeState(1),
      { type: 'alignmentToggled', value: true },
      change('alignment', 'reasonRequest', ''),
      { type: 'alignmentToggled', value: false },
    );
    expect(errorsAt4(state)).toEqual({});
    expect(filingRequestPayload(1, state.location, state.drafts).individualAlignmentRequest).toBeNull();
  });

  it('cannot be added nor removed on update, as the server keeps it', () => {
    const stored = aStoredRequest({
      individualAlignmentRequest: { id: 5, reasonRequest: 'Real cloture' },
      alignementId: 5,
    });
    const state = wizardStateFromRequest(stored);
    expect(state.drafts.withAlignment).toBe(true);
    expect(state.drafts.alignment).toMatchObject({ id: 5, reasonRequest: 'Real cloture' });
    expect(run(state, { type: 'alignmentToggled', value: false }).drafts.withAlignment).toBe(true);
  });
});

describe('the traffic-police order (cerfa 14024)', () => {
  it('asked, is filled from the request: works, dates, encroachment, the company as signage manager', () => {
    const state = run(onCarriageway(), { type: 'trafficOrderToggled', value: true });
    expect(state.drafts.trafficOrder).toMatchObject({
      workDescription: 'Ouvrages divers – Création',
      dateRegulation: '2026-03-02',
      durationRegulation: '5',
      encroachmentRoadway: true,
      signageBy: 'demandeur',
      gestSignageCorporationName: 'Réseaux Sud Landes',
      gestSignageAgent: 'Jean Lalanne',
      gestSignageEmail: 'chantiers@reseaux-sud.fr',
    });
    expect(errorsAt4(state)).toEqual({});
    const payload = filingRequestPayload(1, state.location, state.drafts);
    expect('cerfa14024' in payload && payload.cerfa14024).toMatchObject({
      durationRegulation: 5,
      dateRegulation: '2026-03-02',
      limitedSpeed: null,
    });
    expect(FileRequestSchema.safeParse(payload).success).toBe(true);
  });

  it('its filled fields follow the request until the applicant changes them', () => {
    const asked = run(
      onCarriageway(),
      { type: 'trafficOrderToggled', value: true },
      change('trafficOrder', 'durationRegulation', '12'),
    );
    const moved = run(
      asked,
      change('dates', 'dateStart', '2026-03-04'),
      change('dates', 'dateEnd', '2026-03-10'),
    );
    // The date was the works' start: it follows; the duration was typed: it stays.
    expect(moved.drafts.trafficOrder).toMatchObject({
      dateRegulation: '2026-03-04',
      durationRegulation: '12',
    });
    // Asked again, nothing typed is lost.
    const again = run(
      moved,
      { type: 'trafficOrderToggled', value: false },
      { type: 'trafficOrderToggled', value: true },
    );
    expect(again.drafts.trafficOrder.durationRegulation).toBe('12');
  });

  it("step 4 checks it with the domain's rules: speed, width, duration, date", () => {
    const state = run(
      onCarriageway(),
      { type: 'trafficOrderToggled', value: true },
      change('trafficOrder', 'limitedSpeed', '45'),
      change('trafficOrder', 'trackWidthMaintained', '60'),
      change('trafficOrder', 'durationRegulation', '0'),
      change('trafficOrder', 'dateRegulation', '2026-03-01'),
    );
    expect(errorsAt4(state)).toEqual({
      'trafficOrder.limitedSpeed': VALIDATION_MESSAGES.step(10),
      'trafficOrder.trackWidthMaintained': VALIDATION_MESSAGES.max(50),
      'trafficOrder.durationRegulation': VALIDATION_MESSAGES.min(1),
      'trafficOrder.dateRegulation': VALIDATION_MESSAGES.regulationBeforeWorks,
    });
  });

  it('is neither checked nor sent once the works no longer take the carriageway', () => {
    const state = run(
      onCarriageway(),
      { type: 'trafficOrderToggled', value: true },
      change('trafficOrder', 'limitedSpeed', '45'),
      change('cerfa', 'longitudinalTrenchUnderRoad', ''),
    );
    expect(errorsAt4(state)).toEqual({});
    expect(filingRequestPayload(1, state.location, state.drafts)).toMatchObject({ cerfa14024: null });
  });

  it("the server's refusals of it and of the alignment go to step 4", () => {
    expect(
      serverErrorsByStep([
        { path: 'cerfa14024.limitedSpeed', message: VALIDATION_MESSAGES.step(10) },
        { path: 'individualAlignmentRequest.reasonRequest', message: VALIDATION_MESSAGES.required },
        { path: 'cerfa14024', message: TRAFFIC_ORDER_NOT_OFFERED },
      ]),
    ).toEqual({
      step: 4,
      errors: {
        'trafficOrder.limitedSpeed': VALIDATION_MESSAGES.step(10),
        'alignment.reasonRequest': VALIDATION_MESSAGES.required,
      },
    });
  });

  it('a draft keeps both, and a stored request opens with them', () => {
    const state = run(
      onCarriageway(),
      { type: 'alignmentToggled', value: true },
      { type: 'trafficOrderToggled', value: true },
      change('trafficOrder', 'limitedSpeed', '30'),
    );
    const resumed = wizardStateFromDraft(1, JSON.parse(JSON.stringify(draftInputOf(state).state)));
    expect(resumed.drafts).toMatchObject({
      withAlignment: true,
      withTrafficOrder: true,
      trafficOrder: { limitedSpeed: '30', encroachmentRoadway: true },
    });
    const stored = wizardStateFromRequest(
      aStoredRequest({
        cerfa14024: { limitedSpeed: 50, dateRegulation: '2026-03-02', alternatingCirculationManual: false },
      }),
    );
    expect(stored.drafts).toMatchObject({
      withAlignment: false,
      alignment: EMPTY_ALIGNMENT,
      withTrafficOrder: true,
      trafficOrder: { limitedSpeed: '50', dateRegulation: '2026-03-02', alternatingCirculationManual: false },
    });
  });
});
