import { describe, expect, it } from 'vitest';
import { UploadError } from '../../../api/upload';
import { filingRequestPayload } from './filing-payload';
import {
  fileParts,
  filePercents,
  filingFormData,
  submissionFailureMessage,
  SUBMISSION_TEXTS,
} from './submission';
import { completeState } from './wizard-fixtures';

const PREFIX = SUBMISSION_TEXTS.createFailure;

describe('the filing payload', () => {
  it('groups the request by step, numbers read, empty texts as null (kind 1)', () => {
    const state = completeState(1);
    const payload = filingRequestPayload(1, state.location, state.drafts);
    expect(Object.keys(payload)).toEqual([
      'type',
      'location',
      'parties',
      'dates',
      'attestation',
      'cerfa1402301',
      'individualAlignmentRequest',
      'cerfa14024',
    ]);
    // Neither the alignment nor the traffic order asked.
    expect(payload).toMatchObject({ individualAlignmentRequest: null, cerfa14024: null });
    expect(payload.location).toMatchObject({
      addressCity: 'Capbreton',
      addressExt: null,
      adresses: [],
      project: null,
    });
    expect('cerfa1402301' in payload && payload.cerfa1402301).toMatchObject({
      themes: 'saillie_surplomb',
      trackWidth: 6.5,
      pipeDiameter: null,
    });
    expect(payload.parties).toMatchObject({ isbeneficiaire: false, beneficiary: null });
    expect(payload.dates).toEqual({ dateStart: '2026-03-02', dateEnd: '2026-03-06' });
  });

  it('sends the alignment form for kind 2, and no secondary addresses', () => {
    const state = completeState(2);
    const payload = filingRequestPayload(2, state.location, {
      ...state.drafts,
      adresses: [{ ...state.location, id: null, prescription: '' }],
    });
    expect('individualAlignmentRequest' in payload && payload.individualAlignmentRequest).toMatchObject({
      reasonRequest: 'Real cloture',
      reasonRequestOther: null,
    });
    expect('cerfa1402301' in payload).toBe(false);
    expect(payload.location.adresses).toEqual([]);
  });

  it('puts the JSON part first, then one part per file in type order', () => {
    const state = completeState(3);
    const parts = fileParts(state.drafts.files);
    expect(parts.map((part) => part.typeId)).toEqual([1, 3, 85]);
    const form = filingFormData(filingRequestPayload(3, state.location, state.drafts), parts);
    expect([...form.keys()]).toEqual(['request', 'document-1', 'document-3', 'document-85']);
    expect(JSON.parse(form.get('request') as string)).toMatchObject({ type: 3 });
    expect((form.get('document-3') as File).name).toBe('plan.pdf');
  });
});

describe("each file's progress", () => {
  it('follows the bytes sent, scaled to the parts, in part order', () => {
    // JSON 100 bytes, files of 100 and 200: content 400, framing brings the total to 800.
    expect(filePercents(100, [100, 200], 0, 800)).toEqual([0, 0]);
    expect(filePercents(100, [100, 200], 300, 800)).toEqual([50, 0]);
    expect(filePercents(100, [100, 200], 500, 800)).toEqual([100, 25]);
    expect(filePercents(100, [100, 200], 800, 800)).toEqual([100, 100]);
  });
});

describe('the toast of a failed Terminer', () => {
  it("shows the server's message, which already starts with the spec's words", () => {
    const error = new UploadError('status', 400, {
      success: false,
      message: "Erreur lors de l'ajout du dossier : Capbreton manque",
    });
    expect(submissionFailureMessage(error, PREFIX)).toBe(
      "Erreur lors de l'ajout du dossier : Capbreton manque",
    );
  });

  it('prefixes a message that lacks the words, and says why when the server did not answer', () => {
    const conflict = new UploadError('status', 409, {
      success: false,
      message: "Votre demande n'est pas en état de complétude",
    });
    expect(submissionFailureMessage(conflict, PREFIX)).toBe(
      "Erreur lors de l'ajout du dossier : Votre demande n'est pas en état de complétude",
    );
    expect(submissionFailureMessage(new UploadError('status', 500), PREFIX)).toBe(
      "Erreur lors de l'ajout du dossier : Erreur lors de la création du dossier.",
    );
    expect(submissionFailureMessage(new UploadError('status', 500), SUBMISSION_TEXTS.updateFailure)).toBe(
      'Erreur lors de la mise à jour du dossier : Erreur interne du serveur',
    );
    expect(submissionFailureMessage(new UploadError('timeout', 0), PREFIX)).toBe(
      PREFIX + SUBMISSION_TEXTS.timeout,
    );
    expect(submissionFailureMessage(new UploadError('network', 0), PREFIX)).toBe(
      PREFIX + SUBMISSION_TEXTS.network,
    );
  });
});
