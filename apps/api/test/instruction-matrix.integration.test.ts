import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { can, toWorkflowRequest, type StateId, type WorkflowAction } from '@voirie/domain';
import { createTestApp, type TestApp } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';
import { multipart, pdfNamed, tempDataDir } from './filing-helpers.ts';

// Every instruction route, by every role, in every state that matters: the API answers what
// the domain's table says (200, 403 role, 409 state; 404 when the request is not visible) and a
// refusal changes nothing. The order generation is in orders.integration.test.ts (it converts).

let t: TestApp;
let dataDir: string;
const users: Record<string, TestUser> = {};

beforeAll(async () => {
  dataDir = await tempDataDir('instruction-matrix');
  t = await createTestApp({ DATA_DIR: dataDir, DEPARTMENT_MAILBOX: 'routes@departement.test' });
  users.owner = await createUser(t, ['ROLE_DEMANDEUR']);
  users.other = await createUser(t, ['ROLE_DEMANDEUR']);
  users.instructor = await createUser(t, ['ROLE_INSTRUCTEUR']);
  users.admin = await createUser(t, ['ROLE_ADMIN']);
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const db = () => t.database.db;

interface Case {
  action: WorkflowAction;
  send: (id: number, user: TestUser) => Promise<{ statusCode: number }>;
}

const json = (method: 'POST' | 'PUT', path: string, payload?: object) => (id: number, user: TestUser) =>
  t.app.inject({
    method,
    url: `/api/request/${String(id)}${path}`,
    headers: user.headers,
    ...(payload ? { payload } : {}),
  });

const CASES: Case[] = [
  {
    action: 'requestCompleteness',
    send: json('POST', '/completeness', {
      missingDocuments: [85, 101],
      date: '2026-11-22',
      transferBack: true,
    }),
  },
  { action: 'reorient', send: json('POST', '/reorient', { target: 'departement' }) },
  { action: 'saveDecision', send: json('PUT', '/decision', { isFavorable: true }) },
  { action: 'submitForSignature', send: json('POST', '/signature') },
  { action: 'signatureRefused', send: json('POST', '/signature/refusal', { comment: 'non' }) },
  { action: 'cancel', send: json('POST', '/cancel') },
  {
    action: 'signatureReturned',
    send: (id, user) => {
      const body = multipart([
        {
          name: 'file',
          content: pdfNamed(`signé ${String(id)}`),
          filename: 's.pdf',
          type: 'application/pdf',
        },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/request/${String(id)}/signature/signed`,
        payload: body.payload,
        headers: { ...body.headers, ...user.headers },
      });
    },
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

/** A favourable networks request of the owner, with an order attached. */
async function requestIn(state: StateId, sendToSign: boolean) {
  const created = await createRequest(db(), { owner: users.owner!, state, sendToSign, kind: 1 });
  const { id: cerfaId } = await db()
    .insertInto('cerfa14023')
    .values({ isAccessDevelopment: false, isFavorable: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().updateTable('request').set({ cerfa14023Id: cerfaId }).where('id', '=', created.id).execute();
  const content = pdfNamed(`arrêté ${String(created.id)}`);
  const stored = await t.ctx.filing.store.put(await t.ctx.filing.store.receive(Readable.from([content])));
  await db()
    .insertInto('document')
    .values({
      requestId: created.id,
      stdUserId: null,
      typeDocumentId: 93,
      name: 'arrete.pdf',
      mimeType: 'application/pdf',
      size: content.length,
      sha256: stored.sha256,
      storageKey: stored.storageKey,
    })
    .execute();
  return created.id;
}

async function snapshot(id: number) {
  const [request, history, mails, documents] = await Promise.all([
    db()
      .selectFrom('request')
      .select(['stateId', 'sendToSign', 'reorientationMail', 'signatureRefusal'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom('historyLog')
      .select('id')
      .where('entity', '=', 'request')
      .where('entityId', '=', id)
      .execute(),
    db().selectFrom('mailLog').select('id').where('requestId', '=', id).execute(),
    db().selectFrom('document').select('id').where('requestId', '=', id).execute(),
  ]);
  return { request, history: history.length, mails: mails.length, documents: documents.length };
}

/** What the API must answer: the domain's verdict, or 404 for an account that cannot see it. */
function expectedStatus(
  role: string,
  user: TestUser,
  action: WorkflowAction,
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
    documents: [{ typeDocumentId: 93 }],
  });
  const verdict = can({ id: user.id, roles }, action, workflow);
  return verdict.ok ? 200 : verdict.reason === 'role' ? 403 : 409;
}

describe.each(CASES)('$action', ({ action, send }) => {
  test.each(['owner', 'other', 'instructor', 'admin'])('by %s, in each state', async (role) => {
    const user = users[role]!;
    const outcomes: string[] = [];
    for (const [state, sendToSign] of STATES) {
      const id = await requestIn(state, sendToSign);
      const before = await snapshot(id);
      const res = await send(id, user);
      const expected = expectedStatus(role, user, action, state, sendToSign);
      outcomes.push(`${String(state)}${sendToSign ? 's' : ''}:${String(res.statusCode)}`);
      expect(
        res.statusCode,
        `${action} by ${role} in ${String(state)}${sendToSign ? ' (signature)' : ''}`,
      ).toBe(expected);
      const after = await snapshot(id);
      if (expected === 200) expect(after.history).toBe(before.history + 1);
      else expect(after).toEqual(before);
    }
    expect(outcomes.length).toBe(STATES.length);
  });
});
