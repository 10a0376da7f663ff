import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { can, toWorkflowRequest, type StateId, type WorkflowAction } from '@voirie/domain';
import { createTestApp, type TestApp } from './test-app.ts';
import {
  attachStoredDocument,
  createRequest,
  createUser,
  insertAlignmentForm,
  instructionState,
  requestTraces,
  type TestUser,
} from './requests-factory.ts';
import { postSignedOrders } from './orders-helpers.ts';

// Every instruction route, by every role, in every state that matters: the API answers what
// the domain's table says (200, 403 role, 409 state; 404 when the request is not visible) and a
// refusal changes nothing. The order generation is in orders.integration.test.ts (it converts).
// The same on a permission asked with an alignment and a traffic order (the decisions
// of both acts, the completed cerfa 14024, the signature of the three acts).

let t: TestApp;
const users: Record<string, TestUser> = {};

beforeAll(async () => {
  t = await createTestApp(
    { DEPARTMENT_MAILBOX: 'routes@departement.test' },
    { dataDir: 'instruction-matrix' },
  );
  users.owner = await createUser(t, ['ROLE_DEMANDEUR']);
  users.other = await createUser(t, ['ROLE_DEMANDEUR']);
  users.instructor = await createUser(t, ['ROLE_INSTRUCTEUR']);
  users.admin = await createUser(t, ['ROLE_ADMIN']);
  // The signed traffic order goes to the town's municipal police: one history entry per success.
  await db()
    .updateTable('city')
    .set({ mailPm: 'police@capbreton.test' })
    .where('name', '=', 'Capbreton')
    .execute();
});
afterAll(() => t?.close());

const db = () => t.database.db;

interface Case {
  name: string;
  action: WorkflowAction;
  /** A networks permission asked with an alignment and a traffic order (cerfa 14024). */
  combined?: boolean;
  /** History entries a success writes: the transition's, plus the traffic order's publication. */
  historyEntries?: number;
  send: (id: number, user: TestUser) => Promise<{ statusCode: number }>;
}

const json =
  (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) => (id: number, user: TestUser) =>
    t.app.inject({
      method,
      url: `/api/request/${String(id)}${path}`,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });

/** POST request/{id}/signature/signed with a signed PDF in each of these fields. */
const signed = (fields: readonly string[]) => (id: number, user: TestUser) =>
  postSignedOrders(t, id, user, fields);

const CASES: Case[] = [
  {
    name: 'requestCompleteness',
    action: 'requestCompleteness',
    send: json('POST', '/completeness', {
      missingDocuments: [85, 101],
      date: '2026-11-22',
      transferBack: true,
    }),
  },
  { name: 'reorient', action: 'reorient', send: json('POST', '/reorient', { target: 'departement' }) },
  { name: 'saveDecision', action: 'saveDecision', send: json('PUT', '/decision', { isFavorable: true }) },
  {
    name: 'saveDecision of both acts',
    action: 'saveDecision',
    combined: true,
    send: json('PUT', '/decision', {
      isFavorable: true,
      alignement: {
        isFavorable: true,
        alignmentOrderNumber: 'AL-1',
        rues: [
          { name: 'Rue des Pins', competence: 'Communautaire', points: [{ name: 'P1', distance: 1.5 }] },
        ],
      },
    }),
  },
  {
    name: 'completeTrafficOrder',
    action: 'completeTrafficOrder',
    combined: true,
    send: json('PUT', '/cerfa14024', { limitedSpeed: 30, detourRoute: 'Par la rue des Écoles' }),
  },
  {
    name: 'completeTrafficOrder without a 14024',
    action: 'completeTrafficOrder',
    send: json('PUT', '/cerfa14024', { limitedSpeed: 30 }),
  },
  { name: 'submitForSignature', action: 'submitForSignature', send: json('POST', '/signature') },
  {
    name: 'submitForSignature of three acts',
    action: 'submitForSignature',
    combined: true,
    send: json('POST', '/signature'),
  },
  {
    name: 'signatureRefused',
    action: 'signatureRefused',
    send: json('POST', '/signature/refusal', { comment: 'non' }),
  },
  { name: 'cancel', action: 'cancel', send: json('POST', '/cancel') },
  { name: 'withdraw', action: 'withdraw', send: json('DELETE', '') },
  { name: 'signatureReturned', action: 'signatureReturned', send: signed(['file']) },
  {
    name: 'signatureReturned of three acts',
    action: 'signatureReturned',
    combined: true,
    historyEntries: 2,
    send: signed(['permission', 'alignment', 'traffic']),
  },
];

/** [state, in signature] */
const STATES: readonly [StateId, boolean][] = [
  [3, false],
  [3, true],
  [4, false],
  [8, false],
  [9, false],
  [11, false],
];

/** The orders of each act: the permission's (93), and for a combined request the alignment's and the traffic order's. */
const orderTypesOf = (combined: boolean) => (combined ? [93, 1093, 2093] : [93]);

/**
 * A favourable networks request of the owner, with its order attached; combined: asked with a
 * favourable alignment and a cerfa 14024, the three acts' orders attached.
 */
async function requestIn(state: StateId, sendToSign: boolean, combined = false) {
  const created = await createRequest(db(), { owner: users.owner!, state, sendToSign, kind: 1 });
  const { id: cerfaId } = await db()
    .insertInto('cerfa14023')
    .values({ isAccessDevelopment: false, isFavorable: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const acts = combined
    ? {
        alignmentId: await insertAlignmentForm(db(), { isFavorable: true }),
        cerfa14024Id: (
          await db()
            .insertInto('cerfa14024')
            .values({ durationRegulation: 5, limitedSpeed: 50 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      }
    : {};
  await db()
    .updateTable('request')
    .set({ cerfa14023Id: cerfaId, ...acts })
    .where('id', '=', created.id)
    .execute();
  for (const typeDocumentId of orderTypesOf(combined))
    await attachStoredDocument(t, { requestId: created.id, typeDocumentId, name: 'arrete.pdf' });
  return created.id;
}

async function snapshot(id: number) {
  const [request, traces] = await Promise.all([instructionState(db(), id), requestTraces(db(), id)]);
  return { request, ...traces };
}

/** What the API must answer: the domain's verdict, or 404 for an account that cannot see it. */
function expectedStatus(
  role: string,
  user: TestUser,
  { action, combined = false }: Case,
  state: StateId,
  sendToSign: boolean,
): number {
  if (role === 'other') return 404;
  const roles =
    role === 'owner' ? ['ROLE_DEMANDEUR'] : role === 'instructor' ? ['ROLE_INSTRUCTEUR'] : ['ROLE_ADMIN'];
  const workflow = toWorkflowRequest({
    stateId: state,
    type: 1,
    sendToSign,
    stdUserId: users.owner!.id,
    cerfa1402301: { isFavorable: true },
    ...(combined ? { alignementId: 1, cerfa14024Id: 1 } : {}),
    documents: orderTypesOf(combined).map((typeDocumentId) => ({ typeDocumentId })),
  });
  const verdict = can({ id: user.id, roles }, action, workflow);
  return verdict.ok ? 200 : verdict.reason === 'role' ? 403 : 409;
}

describe.each(CASES)('$name', (testCase) => {
  const { action, send } = testCase;
  test.each(['owner', 'other', 'instructor', 'admin'])('by %s, in each state', async (role) => {
    const user = users[role]!;
    const outcomes: string[] = [];
    for (const [state, sendToSign] of STATES) {
      const id = await requestIn(state, sendToSign, testCase.combined);
      const before = await snapshot(id);
      const res = await send(id, user);
      const expected = expectedStatus(role, user, testCase, state, sendToSign);
      outcomes.push(`${String(state)}${sendToSign ? 's' : ''}:${String(res.statusCode)}`);
      expect(
        res.statusCode,
        `${action} by ${role} in ${String(state)}${sendToSign ? ' (signature)' : ''}`,
      ).toBe(expected);
      const after = await snapshot(id);
      if (expected === 200) expect(after.history).toBe(before.history + (testCase.historyEntries ?? 1));
      else expect(after).toEqual(before);
    }
    expect(outcomes.length).toBe(STATES.length);
  });
});
