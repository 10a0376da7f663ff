import { describe, expect, test } from 'vitest';
import type { RequestKind } from './kinds.ts';
import type { StateId } from './states.ts';
import type { WorkflowRequest } from './workflow-table.ts';
import {
  RECORD_RECEPTION_NEEDS_DOCUMENT,
  apply,
  isReceptionValidationReady,
  toWorkflowRequest,
} from './workflow.ts';
import type { ApplyResult, InputRefusal, WorkflowRefusal } from './workflow.ts';
import type { WorkflowAction } from './workflow-table.ts';

const owner = { id: 10, roles: ['ROLE_DEMANDEUR'] };
const instructor = { id: 20, roles: ['ROLE_INSTRUCTEUR'] };
const admin = { id: 30, roles: ['ROLE_ADMIN'] };

/** A request in a workflow state (STYLE: a factory per state). */
function createRequest(
  options: { state: StateId | null; kind?: RequestKind } & Partial<Omit<WorkflowRequest, 'stateId' | 'type'>>,
): WorkflowRequest {
  const { state, kind = 1, ...rest } = options;
  return { stateId: state, type: kind, sendToSign: false, ownerId: owner.id, ...rest };
}

/** The successful result, or a failed test. */
function ok<A extends WorkflowAction>(
  result: ApplyResult<A> | WorkflowRefusal | InputRefusal,
): ApplyResult<A> {
  if (!result.ok) throw new Error(`refused: ${result.reason} ${result.message}`);
  return result;
}

describe('apply: filing, cancelling, completeness, reorientation', () => {
  test('filing puts the request in state 3, out of signature', () => {
    const result = ok(apply(createRequest({ state: null }), 'file', owner));
    expect(result.request).toEqual({ stateId: 3, sendToSign: false, noMail: false, missingDocuments: [] });
    expect(result.fromStateId).toBeNull();
  });

  test('cancel and cancel works go to 1 with the spec notices', () => {
    expect(ok(apply(createRequest({ state: 3 }), 'cancel', owner))).toMatchObject({
      request: { stateId: 1 },
      notice: 'Demande annulée',
    });
    expect(ok(apply(createRequest({ state: 4 }), 'cancelWorks', owner))).toMatchObject({
      request: { stateId: 1 },
      notice: 'Travaux annulés',
    });
  });

  test('withdrawal: 3, 8 or 9 go to 14; decided, signed or received requests stay', () => {
    for (const state of [3, 8, 9] as const)
      expect(ok(apply(createRequest({ state }), 'withdraw', owner))).toMatchObject({
        request: { stateId: 14 },
        fromStateId: state,
        notice: 'Demande retirée',
      });
    expect(ok(apply(createRequest({ state: 8, ownerId: 99 }), 'withdraw', admin)).request.stateId).toBe(14);
    const refused = {
      ok: false,
      reason: 'state',
      message: "Seule une demande qui n'est pas encore décidée peut être retirée.",
    };
    for (const state of [1, 2, 4, 5, 7, 12, 14, 999] as const)
      expect(apply(createRequest({ state }), 'withdraw', owner)).toEqual(refused);
    expect(apply(createRequest({ state: 3, sendToSign: true }), 'withdraw', owner)).toEqual(refused);
    expect(apply(createRequest({ state: 3 }), 'withdraw', instructor)).toMatchObject({ reason: 'role' });
  });

  test('a refusal comes back unchanged from can()', () => {
    expect(apply(createRequest({ state: 4 }), 'cancel', owner)).toEqual({
      ok: false,
      reason: 'state',
      message: "Cette action n'est pas possible dans l'état actuel de la demande.",
    });
  });

  test('completeness needs at least one missing document', () => {
    const result = apply(createRequest({ state: 3 }), 'requestCompleteness', instructor, {
      missingDocuments: [],
      date: '2026-11-21',
    });
    expect(result).toMatchObject({
      ok: false,
      reason: 'input',
      message: 'Veuillez sélectionner au moins une pièce manquante',
    });
  });

  test('transfer back to the applicant needs 85 and 101 both missing', () => {
    const refused = apply(createRequest({ state: 9 }), 'requestCompleteness', instructor, {
      missingDocuments: [85],
      date: '2026-11-21',
      transferBack: true,
    });
    expect(refused).toMatchObject({
      ok: false,
      reason: 'input',
      message:
        'Les pièces 85 et 101 doivent être marquées manquantes pour transférer la demande au demandeur',
    });
    const result = ok(
      apply(createRequest({ state: 9 }), 'requestCompleteness', instructor, {
        missingDocuments: [85, 101],
        comment: 'Plan manquant',
        date: '2026-11-21',
        transferBack: true,
      }),
    );
    expect(result.request).toEqual({
      stateId: 8,
      missingDocuments: [85, 101],
      comment: 'Plan manquant',
      completenessDate: '2026-11-21',
    });
  });

  test('the applicant completes: state 9, missing list cleared', () => {
    expect(ok(apply(createRequest({ state: 8 }), 'complete', owner)).request).toEqual({
      stateId: 9,
      missingDocuments: [],
    });
  });

  test('reorientation records the mailbox', () => {
    const bad = apply(createRequest({ state: 3 }), 'reorient', instructor, { reorientationMail: 'mairie@' });
    expect(bad).toMatchObject({
      ok: false,
      reason: 'input',
      message: 'Veuillez saisir une adresse e-mail valide',
    });
    const result = ok(
      apply(createRequest({ state: 3 }), 'reorient', instructor, { reorientationMail: 'mairie@soustons.fr' }),
    );
    expect(result.request).toEqual({ stateId: 11, reorientationMail: 'mairie@soustons.fr' });
  });
});

describe('apply: decision, order, signature', () => {
  test('a decision needs Favorable or Défavorable', () => {
    const result = apply(createRequest({ state: 3 }), 'saveDecision', instructor, {});
    expect(result).toMatchObject({
      ok: false,
      reason: 'input',
      message: 'Veuillez choisir Favorable ou Défavorable',
    });
  });

  test('every order recipient needs a valid e-mail', () => {
    const result = apply(createRequest({ state: 3 }), 'saveDecision', instructor, {
      isFavorable: true,
      mailArreteSignes: [{ mail: 'pas-un-mail', name: 'Mairie' }],
    });
    expect(result).toMatchObject({
      ok: false,
      reason: 'input',
      message: 'Veuillez saisir une adresse e-mail valide',
    });
  });

  test('a networks decision computes the debit and clears recommended trenches when sinking is obligatory', () => {
    const result = ok(
      apply(createRequest({ state: 9 }), 'saveDecision', admin, {
        isFavorable: true,
        decisionDebitLS: 3,
        decisionSurfacem2: 1234.5,
        decisionSinking: 'obligatoire',
        decisionRoadwayTrenchRecommended: 'CH5C',
        mailArreteSignes: [{ mail: 'mairie@capbreton.fr', name: 'Mairie de Capbreton' }],
      }),
    );
    expect(result.request).toMatchObject({
      stateId: 9,
      sendToSign: false,
      mailArreteSignes: [{ mail: 'mairie@capbreton.fr' }],
    });
    expect(result.decision).toMatchObject({
      isFavorable: true,
      decisionResultCalc: 0.37035,
      decisionRoadwayTrenchRecommended: null,
      decisionSidewalkTrenchRecommended: null,
    });
  });

  test('the flow rate is at most 1000 l/s', () => {
    const result = apply(createRequest({ state: 3 }), 'saveDecision', instructor, {
      isFavorable: true,
      decisionDebitLS: 1000.01,
    });
    expect(result).toMatchObject({
      ok: false,
      reason: 'input',
      message: 'La valeur doit être inférieure ou égale à 1000',
    });
  });

  test('an alignment decision empties the points of RD and private streets', () => {
    const point = { name: 'P1', type: 'clou OGE', distance: 1.2345 };
    const result = ok(
      apply(createRequest({ state: 3, kind: 2 }), 'saveDecision', instructor, {
        isFavorable: true,
        rues: [
          { name: 'Route de Bayonne', competence: 'RD', points: [point] },
          { name: 'Rue des Pins', competence: 'Communautaire', points: [point] },
        ],
      }),
    );
    if (result.decisionFor !== 'alignment') throw new Error('not an alignment decision');
    expect(result.decision.rues).toEqual([
      { name: 'Route de Bayonne', competence: 'RD', points: [] },
      { name: 'Rue des Pins', competence: 'Communautaire', points: [point] },
    ]);
  });

  test('generating the order goes through 999 and back to 3', () => {
    const generating = ok(apply(createRequest({ state: 9 }), 'generateOrder', instructor));
    expect(generating.request).toEqual({ stateId: 999, sendToSign: false });
    expect(generating.effects).toEqual([{ type: 'mergeOrder' }]);
    expect(ok(apply(createRequest({ state: 999 }), 'orderGenerated', instructor)).request).toEqual({
      stateId: 3,
    });
    expect(ok(apply(createRequest({ state: 999 }), 'orderGenerationFailed', instructor)).request).toEqual({
      stateId: 3,
    });
  });

  test('submitting for signature needs an order and sets sendToSign and noMail', () => {
    expect(apply(createRequest({ state: 3 }), 'submitForSignature', instructor)).toMatchObject({
      ok: false,
      reason: 'state',
      message: 'Aucun arrêté de généré pour cette demande',
    });
    const result = ok(
      apply(createRequest({ state: 3, documentTypeIds: [93] }), 'submitForSignature', instructor),
    );
    expect(result.request).toEqual({ stateId: 3, sendToSign: true, noMail: true });
    expect(result.effects).toEqual([{ type: 'sendToSignature' }]);
  });

  test.each([
    { kind: 1 as const, isFavorable: true, to: 4 },
    { kind: 3 as const, isFavorable: true, to: 4 },
    { kind: 1 as const, isFavorable: false, to: 5 },
    { kind: 2 as const, isFavorable: true, to: 5 },
    { kind: 2 as const, isFavorable: false, to: 5 },
  ])('signature returned for kind $kind, favourable $isFavorable: state $to', ({ kind, isFavorable, to }) => {
    const request = createRequest({ state: 3, kind, isFavorable, sendToSign: true });
    expect(ok(apply(request, 'signatureReturned', instructor)).request).toEqual({
      stateId: to,
      sendToSign: false,
      noMail: false,
    });
  });

  test('the signatory refuses: back to 3, out of signature', () => {
    const request = createRequest({ state: 3, sendToSign: true });
    expect(ok(apply(request, 'signatureRefused', admin, { comment: 'Erreur de date' })).request).toEqual({
      stateId: 3,
      sendToSign: false,
      noMail: false,
    });
  });
});

describe('apply: reception and appointments', () => {
  test('reception by photos needs the photo and the extra photo', () => {
    const request = createRequest({ state: 4 });
    expect(
      apply(request, 'requestReception', owner, { option: 'Photos', uploadedTypeIds: [104] }),
    ).toMatchObject({
      ok: false,
      reason: 'input',
      message: 'Veuillez joindre la photo et la photo complémentaire',
    });
    const result = ok(
      apply(request, 'requestReception', owner, { option: 'Photos', uploadedTypeIds: [104, 105] }),
    );
    expect(result.request).toEqual({ stateId: 7 });
    expect(result.reception).toEqual({
      option: 'Photos',
      stateId: 7,
      exState: null,
      avis: null,
      dateVisite: null,
      motifRefus: [],
      motifRefusTxt: null,
      partieDomainePublic: [],
      rdv1: null,
      rdv2: null,
      rdv3: null,
      acceptRdv: null,
    });
    expect(result.effects).toEqual([{ type: 'createReception' }]);
  });

  test('in 6 or 7 the applicant may still send photos (an awaited appointment is dropped), not ask an appointment', () => {
    const result = ok(
      apply(createRequest({ state: 6 }), 'requestReception', owner, {
        option: 'Photos',
        uploadedTypeIds: [104, 105],
      }),
    );
    expect(result.request).toEqual({ stateId: 7 });
    expect(result.reception).toEqual({
      option: 'Photos',
      stateId: 7,
      rdv1: null,
      rdv2: null,
      rdv3: null,
      acceptRdv: null,
    });
    expect(
      apply(createRequest({ state: 7 }), 'requestReception', owner, { option: 'Rendez-vous' }),
    ).toMatchObject({
      ok: false,
      reason: 'input',
      message: 'La réception est déjà demandée : seules des photos peuvent encore être envoyées',
    });
  });

  test('reception by appointment after a first refusal records exState 12', () => {
    const result = ok(
      apply(createRequest({ state: 12 }), 'requestReception', owner, { option: 'Rendez-vous' }),
    );
    expect(result.request).toEqual({ stateId: 6 });
    expect(result.reception).toEqual({
      option: 'Rendez-vous',
      stateId: 6,
      exState: 12,
      avis: null,
      dateVisite: null,
      motifRefus: [],
      motifRefusTxt: null,
      partieDomainePublic: [],
    });
    expect(result.effects).toEqual([{ type: 'updateReception' }]);
  });

  test('a reception option is required', () => {
    expect(apply(createRequest({ state: 4 }), 'requestReception', owner, {})).toMatchObject({
      ok: false,
      message: 'Veuillez choisir une option de réception',
    });
  });

  test('up to three appointment proposals', () => {
    const four = [
      '2026-12-01T09:00:00Z',
      '2026-12-02T09:00:00Z',
      '2026-12-03T09:00:00Z',
      '2026-12-04T09:00:00Z',
    ];
    expect(
      apply(createRequest({ state: 6 }), 'proposeAppointments', instructor, { appointments: four }),
    ).toMatchObject({
      ok: false,
      message: 'Vous ne pouvez pas proposer plus de 3 rendez-vous',
    });
    const result = ok(
      apply(createRequest({ state: 6 }), 'proposeAppointments', instructor, {
        appointments: four.slice(0, 2),
      }),
    );
    expect(result).toMatchObject({
      request: { stateId: 6 },
      reception: { rdv1: four[0], rdv2: four[1], rdv3: null, acceptRdv: null },
      notice: 'Proposition de rendez-vous effectuée.',
    });
  });

  test('choosing an appointment that was proposed gives state 7', () => {
    const request = createRequest({
      state: 6,
      appointments: ['2026-12-01T09:00:00Z', '2026-12-02T09:00:00Z', null],
    });
    expect(apply(request, 'chooseAppointment', owner, { choice: 3 })).toMatchObject({
      ok: false,
      message: "Ce rendez-vous n'a pas été proposé",
    });
    expect(ok(apply(request, 'chooseAppointment', owner, { choice: 2 }))).toMatchObject({
      request: { stateId: 7 },
      reception: { acceptRdv: 2, stateId: 7 },
      notice: 'Rendez-vous accepté.',
    });
  });

  test('no availability: state 6, proposals cleared', () => {
    const request = createRequest({ state: 6, appointments: ['2026-12-01T09:00:00Z'] });
    expect(ok(apply(request, 'declineAppointments', owner))).toMatchObject({
      request: { stateId: 6 },
      reception: { rdv1: null, rdv2: null, rdv3: null, acceptRdv: null },
      notice: 'Refus de rendez-vous effectué.',
    });
  });

  test('recording a reception needs minutes or a formal notice', () => {
    const result = apply(createRequest({ state: 7 }), 'recordReception', instructor, { avis: 'accepté' });
    expect(result).toMatchObject({ ok: false, reason: 'input', message: RECORD_RECEPTION_NEEDS_DOCUMENT });
    expect(isReceptionValidationReady(createRequest({ state: 7, documentTypeIds: [107] }))).toBe(true);
  });

  test('accepted reception: state 2, flagged for signature', () => {
    const result = ok(
      apply(createRequest({ state: 7, documentTypeIds: [108] }), 'recordReception', instructor, {
        avis: 'accepté',
        dateVisite: '2026-12-01',
      }),
    );
    expect(result.request).toEqual({ stateId: 2, sendToSign: true });
    expect(result.reception).toMatchObject({ avis: 'accepté', dateVisite: '2026-12-01', stateId: 2 });
    expect(result.notice).toBe('Dossier réceptionné.');
    expect(result.effects).toEqual([{ type: 'updateReception' }]);
  });

  test('refused reception: 12 the first time, 13 from 12; a reason is required', () => {
    const first = createRequest({ state: 4, documentTypeIds: [108] });
    expect(apply(first, 'recordReception', instructor, { avis: 'refusé' })).toMatchObject({
      ok: false,
      message: 'Veuillez choisir au moins un motif de refus',
    });
    expect(
      apply(first, 'recordReception', instructor, { avis: 'refusé', motifRefus: ['autre'] }),
    ).toMatchObject({
      ok: false,
      message: 'Veuillez préciser',
    });
    const refused = ok(
      apply(first, 'recordReception', instructor, { avis: 'refusé', motifRefus: ['joints'] }),
    );
    expect(refused.request).toEqual({ stateId: 12 });
    expect(refused.notice).toBe('Réception refusée.');
    expect(refused.effects).toEqual([{ type: 'createReception' }]);
    const second = ok(
      apply(createRequest({ state: 12, documentTypeIds: [106] }), 'recordReception', admin, {
        avis: 'refusé',
        motifRefus: ['redans'],
      }),
    );
    expect(second.request).toEqual({ stateId: 13 });
  });

  test('road disturbance keeps state 2 and flags the reception at the place seen', () => {
    const report = { witnessId: 7, comment: 'Affaissement', lat: 43.7, lon: -1.3 };
    expect(
      ok(apply(createRequest({ state: 2 }), 'declareRoadDisturbance', instructor, report)),
    ).toMatchObject({
      request: { stateId: 2, sendToSign: true },
      reception: { roadDisturbance: true, lat: 43.7, lon: -1.3 },
    });
    expect(apply(createRequest({ state: 2 }), 'declareRoadDisturbance', instructor, {})).toMatchObject({
      ok: false,
      reason: 'input',
      message: expect.stringContaining("Veuillez choisir l'instructeur qui a constaté la perturbation"),
    });
  });

  test('appointments must be in the future of the server clock', () => {
    const input = {
      appointments: ['2026-11-20T09:00:00Z', '2026-12-02T09:00:00Z'],
      now: '2026-11-25T12:00:00Z',
    };
    expect(apply(createRequest({ state: 6 }), 'proposeAppointments', instructor, input)).toMatchObject({
      ok: false,
      reason: 'input',
      issues: [{ path: ['appointments', 0], message: 'Un rendez-vous proposé doit être dans le futur' }],
    });
  });
});

describe('apply: extension', () => {
  test('the dates must not be inverted (exact spec text)', () => {
    const result = apply(createRequest({ state: 4 }), 'extend', owner, {
      dateStart: '2026-12-10',
      dateEnd: '2026-12-09',
    });
    expect(result).toMatchObject({
      ok: false,
      reason: 'input',
      message: 'La date de fin de travaux ne peut pas être inférieure à la date de début des travaux',
    });
  });

  test('the original goes to 10 and an extension is created with its day count', () => {
    const result = ok(
      apply(createRequest({ state: 12 }), 'extend', owner, {
        dateStart: '2026-12-10',
        dateEnd: '2026-12-10',
      }),
    );
    expect(result.request).toEqual({ stateId: 10 });
    expect(result.effects).toEqual([
      { type: 'createExtension', dateStart: '2026-12-10', dateEnd: '2026-12-10', numberDays: 1 },
    ]);
  });
});

describe('toWorkflowRequest', () => {
  test('reads owner, beneficiary account, alignment, cerfa 14024, decision, appointments and documents', () => {
    expect(
      toWorkflowRequest(
        {
          stateId: 6,
          type: 3,
          sendToSign: null,
          stdUserId: 10,
          alignementId: 4,
          cerfa14024: { limitedSpeed: 30 },
          beneficiary: { stdUserId: 11 },
          cerfa1402301: { isFavorable: true },
          documents: [{ typeDocumentId: 21 }, { typeDocumentId: 104 }],
        },
        { rdv1: '2026-12-01T09:00:00Z', rdv2: null },
      ),
    ).toEqual({
      stateId: 6,
      type: 3,
      sendToSign: false,
      ownerId: 10,
      beneficiaryUserId: 11,
      hasAlignment: true,
      hasTrafficOrder: true,
      isFavorable: true,
      appointments: ['2026-12-01T09:00:00Z', null, null],
      documentTypeIds: [21, 104],
      roadDisturbance: false,
    });
  });

  test('an alignment request reads its own decision and is not "combined"', () => {
    const view = toWorkflowRequest({
      stateId: 3,
      type: 2,
      alignementId: 9,
      individualAlignmentRequest: { isFavorable: false },
    });
    expect(view).toMatchObject({
      hasAlignment: false,
      hasTrafficOrder: false,
      isFavorable: false,
      ownerId: null,
      documentTypeIds: [],
    });
  });
});
