import { describe, expect, test } from 'vitest';
import type { StateId } from './states.ts';
import { STATE_IDS } from './states.ts';
import { SYSTEM_ACTIONS, TRANSITIONS, WORKFLOW_ACTIONS } from './workflow-table.ts';
import type { WorkflowAction, WorkflowRequest } from './workflow-table.ts';
import { WORKFLOW_MESSAGES, allowedActions, can } from './workflow.ts';
import type { Actor } from './workflow.ts';

// Every (state, action, role) triple against an expectation written by hand from
// docs/workflow.md "Transitions" and "Who may do what" — not derived from the table, so a change
// to the table fails here.

const PROFILES = {
  owner: { id: 10, roles: ['ROLE_USER', 'ROLE_DEMANDEUR'] },
  beneficiary: { id: 11, roles: ['ROLE_USER', 'ROLE_DEMANDEUR'] },
  other: { id: 12, roles: ['ROLE_USER', 'ROLE_DEMANDEUR'] },
  instructor: { id: 20, roles: ['ROLE_USER', 'ROLE_INSTRUCTEUR'] },
  admin: { id: 30, roles: ['ROLE_USER', 'ROLE_ADMIN'] },
  adminInstructor: { id: 31, roles: ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_INSTRUCTEUR'] },
  gestionnaire: { id: 40, roles: ['ROLE_USER', 'ROLE_GESTIONNAIRE'] },
} as const satisfies Record<string, Actor>;
type Profile = keyof typeof PROFILES;
const PROFILE_NAMES = Object.keys(PROFILES) as Profile[];

/** 'new' = not filed yet; '3s' = state 3 in signature. */
type StateKey = 'new' | '3s' | StateId;
const STATE_KEYS: readonly StateKey[] = [
  'new',
  ...STATE_IDS.flatMap((id): StateKey[] => (id === 3 ? [3, '3s'] : [id])),
];

/** A typical request of a state: a networks permission, favourable, appointments proposed. */
function requestIn(state: StateKey, overrides: Partial<WorkflowRequest> = {}): WorkflowRequest {
  return {
    stateId: state === 'new' ? null : state === '3s' ? 3 : state,
    type: 1,
    sendToSign: state === '3s',
    ownerId: PROFILES.owner.id,
    beneficiaryUserId: PROFILES.beneficiary.id,
    hasAlignment: false,
    isFavorable: true,
    appointments: ['2026-12-01T09:00:00+01:00', null, null],
    // An order is attached (submitForSignature needs one; its absence is tested apart).
    documentTypeIds: [93],
    ...overrides,
  };
}

const INSTRUCTING = ['instructor', 'admin', 'adminInstructor'] as const;
const each = (profiles: readonly Profile[], states: readonly StateKey[]) =>
  Object.fromEntries(profiles.map((profile) => [profile, states])) as Partial<
    Record<Profile, readonly StateKey[]>
  >;

/** Who may do each action, in which states. A profile absent from an action has no role for it. */
const EXPECTED: Record<WorkflowAction, Partial<Record<Profile, readonly StateKey[]>>> = {
  file: each(['owner', 'beneficiary', 'other', 'instructor', 'admin', 'adminInstructor'], ['new']),
  cancel: {
    owner: [3, '3s'],
    admin: [3, '3s'],
    adminInstructor: [3, '3s'],
    instructor: [3, '3s', 4, 6, 7, 8, 9],
  },
  // Not yet decided: filed (not in signature), in completeness, completed.
  withdraw: each(['owner', 'admin', 'adminInstructor'], [3, 8, 9]),
  cancelWorks: each(['owner', ...INSTRUCTING], [4]),
  requestCompleteness: each(INSTRUCTING, [3, 9]),
  complete: each(['owner', 'admin', 'adminInstructor'], [8]),
  updateRequest: {
    owner: [8],
    admin: [1, 2, 3, '3s', 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
    adminInstructor: [1, 2, 3, '3s', 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
  },
  reorient: each(INSTRUCTING, [3, 9]),
  saveDecision: each(INSTRUCTING, [3, 9]),
  generateOrder: each(INSTRUCTING, [3, 9]),
  orderGenerated: each(INSTRUCTING, [999]),
  orderGenerationFailed: each(INSTRUCTING, [999]),
  submitForSignature: each(INSTRUCTING, [3]),
  signatureReturned: each(INSTRUCTING, ['3s']),
  signatureRefused: each(INSTRUCTING, ['3s']),
  requestReception: {
    ...each(['owner', 'beneficiary'], [4, 6, 7, 12]),
    ...each(['admin', 'adminInstructor'], [4, 12]),
  },
  proposeAppointments: each(INSTRUCTING, [6]),
  chooseAppointment: each(['owner', 'beneficiary'], [6]),
  declineAppointments: each(['owner', 'beneficiary'], [6]),
  recordReception: each(INSTRUCTING, [4, 6, 7, 12]),
  declareRoadDisturbance: each(INSTRUCTING, [2]),
  generateLetter: each(INSTRUCTING, [4, 6, 7, 12]),
  // Guarded: no road disturbance declared, no formal notice attached (tested apart below).
  generateDisturbanceMinutes: each(INSTRUCTING, []),
  archiveFormalNotice: each(INSTRUCTING, []),
  extend: each(['owner', ...INSTRUCTING], [4, 12]),
  // Guarded: the typical request holds no cerfa 14024 (tested apart below).
  completeTrafficOrder: each(INSTRUCTING, []),
};

const triples = STATE_KEYS.flatMap((state) =>
  WORKFLOW_ACTIONS.flatMap((action) => PROFILE_NAMES.map((profile) => ({ state, action, profile }))),
);

describe('workflow: every (state, action, role) triple', () => {
  test('covers all triples', () => {
    expect(triples).toHaveLength(17 * 26 * 7);
  });

  test.each(triples)('$action in $state by $profile', ({ state, action, profile }) => {
    const allowedStates = EXPECTED[action][profile];
    const result = can(PROFILES[profile], action, requestIn(state));
    if (allowedStates?.includes(state)) {
      expect(result).toEqual({ ok: true });
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.reason).toBe(allowedStates ? 'state' : 'role');
        if (!allowedStates) expect(result.message).toBe(WORKFLOW_MESSAGES.role);
      }
    }
  });
});

describe('workflow: guards', () => {
  const { owner, instructor, beneficiary, admin } = PROFILES;

  test('the road-disturbance minutes wait for a declared disturbance, on a permission', () => {
    expect(can(instructor, 'generateDisturbanceMinutes', requestIn(2, { roadDisturbance: true }))).toEqual({
      ok: true,
    });
    expect(can(instructor, 'generateDisturbanceMinutes', requestIn(2))).toMatchObject({
      ok: false,
      message: "Aucune perturbation de voirie n'a été déclarée pour cette demande.",
    });
    expect(
      can(instructor, 'generateDisturbanceMinutes', requestIn(2, { roadDisturbance: true, type: 2 })).ok,
    ).toBe(false);
  });

  test('only an existing formal notice is sent to the records system', () => {
    expect(can(admin, 'archiveFormalNotice', requestIn(12, { documentTypeIds: [106] }))).toEqual({
      ok: true,
    });
    expect(can(admin, 'archiveFormalNotice', requestIn(12))).toMatchObject({ ok: false, reason: 'state' });
    expect(can(owner, 'archiveFormalNotice', requestIn(12, { documentTypeIds: [106] }))).toMatchObject({
      ok: false,
      reason: 'role',
    });
  });

  test('an alignment request cannot be extended, nor its works cancelled', () => {
    expect(can(owner, 'extend', requestIn(4, { type: 2 }))).toMatchObject({ ok: false, reason: 'state' });
    expect(can(instructor, 'cancelWorks', requestIn(4, { type: 2 }))).toMatchObject({
      ok: false,
      reason: 'state',
    });
    expect(can(owner, 'extend', requestIn(4, { type: 3 }))).toEqual({ ok: true });
  });

  test('a permission combined with an alignment cannot be extended', () => {
    const result = can(instructor, 'extend', requestIn(12, { hasAlignment: true }));
    expect(result).toEqual({
      ok: false,
      reason: 'state',
      message: "Seule une permission de voirie sans demande d'alignement peut être prolongée.",
    });
  });

  test('no appointment to choose or decline before the instructor proposes one', () => {
    const request = requestIn(6, { appointments: [null, null, null] });
    expect(can(owner, 'chooseAppointment', request)).toMatchObject({ ok: false, reason: 'state' });
    expect(can(beneficiary, 'declineAppointments', request)).toMatchObject({ ok: false, reason: 'state' });
  });

  test('road disturbance only on a permission (cerfa)', () => {
    expect(can(instructor, 'declareRoadDisturbance', requestIn(2, { type: 2 }))).toMatchObject({ ok: false });
  });

  test('while in signature, the instructor may not decide, reorient or ask completeness', () => {
    for (const action of [
      'saveDecision',
      'reorient',
      'requestCompleteness',
      'generateOrder',
      'submitForSignature',
    ] as const) {
      const result = can(instructor, action, requestIn('3s'));
      expect(result).toEqual({
        ok: false,
        reason: 'state',
        message: "Cette action n'est pas possible pendant que l'arrêté est en signature.",
      });
    }
  });

  test('no order, no submission for signature: not offered, refused with the spec text', () => {
    const request = requestIn(3, { documentTypeIds: [] });
    expect(can(instructor, 'submitForSignature', request)).toEqual({
      ok: false,
      reason: 'state',
      message: 'Aucun arrêté de généré pour cette demande',
    });
    expect(allowedActions(instructor, request)).not.toContain('submitForSignature');
  });

  test('the cerfa 14024 is completed by those who decide, while the decision may change, when there is one', () => {
    const withOrder = { hasTrafficOrder: true };
    for (const profile of PROFILE_NAMES) {
      for (const state of STATE_KEYS) {
        const expected = INSTRUCTING.includes(profile as never) && (state === 3 || state === 9);
        expect(
          can(PROFILES[profile], 'completeTrafficOrder', requestIn(state, withOrder)).ok,
          `${profile} in ${String(state)}`,
        ).toBe(expected);
      }
    }
    expect(can(instructor, 'completeTrafficOrder', requestIn(3))).toEqual({
      ok: false,
      reason: 'state',
      message: "Cette demande ne comporte pas de demande d'arrêté de police de la circulation (cerfa 14024).",
    });
    expect(can(admin, 'completeTrafficOrder', requestIn('3s', withOrder))).toMatchObject({
      ok: false,
      message: "Cette action n'est pas possible pendant que l'arrêté est en signature.",
    });
  });

  test('every act of the request goes to signature: each needs its order', () => {
    const combined = { hasAlignment: true, hasTrafficOrder: true, isFavorable: true };
    expect(
      can(instructor, 'submitForSignature', requestIn(3, { ...combined, documentTypeIds: [93] })),
    ).toEqual({
      ok: false,
      reason: 'state',
      message: "L'arrêté d'alignement individuel n'a pas été généré : veuillez générer les arrêtés.",
    });
    expect(
      can(instructor, 'submitForSignature', requestIn(3, { ...combined, documentTypeIds: [93, 1093] })),
    ).toMatchObject({
      ok: false,
      message: "L'arrêté de police de la circulation n'a pas été généré : veuillez générer les arrêtés.",
    });
    expect(
      can(instructor, 'submitForSignature', requestIn(3, { ...combined, documentTypeIds: [93, 1093, 2093] })),
    ).toEqual({ ok: true });
    // A refused permission has no traffic order: its alignment and its own order suffice.
    expect(
      can(
        instructor,
        'submitForSignature',
        requestIn(3, { ...combined, isFavorable: false, documentTypeIds: [93, 1093] }),
      ),
    ).toEqual({ ok: true });
    expect(
      can(instructor, 'submitForSignature', requestIn(3, { ...combined, documentTypeIds: [] })),
    ).toMatchObject({ message: 'Aucun arrêté de généré pour cette demande' });
  });

  test('the beneficiary does not cancel, complete or extend', () => {
    expect(can(beneficiary, 'cancel', requestIn(3)).ok).toBe(false);
    expect(can(beneficiary, 'complete', requestIn(8)).ok).toBe(false);
    expect(can(beneficiary, 'extend', requestIn(4)).ok).toBe(false);
  });

  test('a request without a beneficiary account gives no beneficiary rights', () => {
    expect(can(beneficiary, 'requestReception', requestIn(4, { beneficiaryUserId: null })).ok).toBe(false);
  });

  test('an instructor who filed a request also acts as its applicant', () => {
    const request = requestIn(6, { ownerId: instructor.id });
    expect(can(instructor, 'chooseAppointment', request)).toEqual({ ok: true });
    expect(can(admin, 'chooseAppointment', request).ok).toBe(false);
  });

  test('an account with ROLE_USER only files; a road manager does not', () => {
    expect(can({ id: 50, roles: ['ROLE_USER'] }, 'file', requestIn('new'))).toEqual({ ok: true });
    expect(can({ id: 51, roles: ['ROLE_GESTIONNAIRE', 'ROLE_DEMANDEUR'] }, 'file', requestIn('new'))).toEqual(
      { ok: true },
    );
    expect(can(PROFILES.gestionnaire, 'file', requestIn('new'))).toMatchObject({ ok: false, reason: 'role' });
  });

  test('refusal reasons: role before state', () => {
    expect(can(PROFILES.other, 'cancel', requestIn(5))).toEqual({
      ok: false,
      reason: 'role',
      message: WORKFLOW_MESSAGES.role,
    });
    expect(can(owner, 'cancel', requestIn(4))).toEqual({
      ok: false,
      reason: 'state',
      message: WORKFLOW_MESSAGES.state,
    });
  });
});

describe('workflow: the table itself', () => {
  test('every action has at least one row, and every row names known states', () => {
    for (const action of WORKFLOW_ACTIONS)
      expect(TRANSITIONS.some((row) => row.action === action)).toBe(true);
    for (const row of TRANSITIONS) {
      for (const state of row.from) expect(state === null || STATE_IDS.includes(state)).toBe(true);
    }
  });

  test('admin may do all an instructor may, except the cancel row docs/workflow.md restricts', () => {
    const exceptions = TRANSITIONS.filter(
      (row) => row.roles.includes('instructor') && !row.roles.includes('admin'),
    );
    expect(exceptions).toHaveLength(1);
    expect(exceptions[0]).toMatchObject({ action: 'cancel', unlessRoles: ['admin'] });
  });

  test('for a given request, at most one row of an action applies (no ambiguous target)', () => {
    for (const state of STATE_KEYS) {
      for (const action of WORKFLOW_ACTIONS) {
        for (const variant of [{}, { isFavorable: false }, { type: 2 as const }, { type: 3 as const }]) {
          const request = requestIn(state, variant);
          const rows = TRANSITIONS.filter(
            (row) =>
              row.action === action &&
              row.from.includes(request.stateId) &&
              row.roles.includes('admin') &&
              (!row.guard || row.guard.test(request)),
          );
          expect(rows.length).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});

describe('allowedActions', () => {
  test('the owner of a permission awaiting reception', () => {
    expect(allowedActions(PROFILES.owner, requestIn(4))).toEqual([
      'cancelWorks',
      'requestReception',
      'extend',
    ]);
  });
  test('an instructor on a request to instruct', () => {
    expect(allowedActions(PROFILES.instructor, requestIn(3))).toEqual([
      'cancel',
      'requestCompleteness',
      'reorient',
      'saveDecision',
      'generateOrder',
      'submitForSignature',
    ]);
  });
  test('an instructor while the order is in signature', () => {
    expect(allowedActions(PROFILES.instructor, requestIn('3s'))).toEqual([
      'cancel',
      'signatureReturned',
      'signatureRefused',
    ]);
  });
  test('system actions are never offered', () => {
    expect(allowedActions(PROFILES.admin, requestIn(999))).toEqual([]);
    expect(SYSTEM_ACTIONS).toEqual(['orderGenerated', 'orderGenerationFailed']);
  });
  test('the road manager sees no action', () => {
    for (const state of STATE_KEYS)
      expect(allowedActions(PROFILES.gestionnaire, requestIn(state))).toEqual([]);
  });
});
