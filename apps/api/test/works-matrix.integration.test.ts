import { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { apply, can, toWorkflowRequest, type StateId, type WorkflowAction } from '@voirie/domain';
import { accountsForFile, testAppForFile } from './test-app.ts';
import { createRequest, requestTraces, type TestUser } from './requests-factory.ts';
import { PDF, PNG, multipart, type Part } from './filing-helpers.ts';
import { withoutLibreOfficeInFile } from './orders-helpers.ts';

// Every works-phase route (docs/api-works.md), by every role, in every state that matters: the
// API answers what the domain's table says — 200, 403 (role), 409 (state or guard), 400 (the
// domain refuses the input), 404 when the account does not see the request — and a refusal
// changes nothing: the request row, its latest reception, its history, mails, documents and
// extensions are the same before and after. The happy path is works-journey.integration.test.ts.
//
// A request in a state is reused by the following cells until one of them succeeds (a refusal
// is proven to change nothing), which keeps the 800-odd cells within the CI's budget.

let storedLetter: { sha256: string; storageKey: string };

const ROLES = ['owner', 'beneficiary', 'other', 'instructor', 'admin'] as const;
type Role = (typeof ROLES)[number];
const ROLE_CODES = {
  owner: ['ROLE_DEMANDEUR'],
  beneficiary: ['ROLE_DEMANDEUR'],
  other: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
  admin: ['ROLE_ADMIN'],
} as const;

// The letters are merged, not converted: LibreOffice (several seconds a letter) is kept off
// PATH, where the converter looks it up at each conversion. The DOCX then stands alone.
withoutLibreOfficeInFile();
const t = testAppForFile({ RECORDS_MAILBOX: 'ged@cc-macs.test' }, { dataDir: 'works-matrix' });
const users: Record<Role, TestUser> = accountsForFile(t, ROLE_CODES);
beforeAll(async () => {
  storedLetter = await t.ctx.filing.store.put(await t.ctx.filing.store.receive(Readable.from([PDF])));
});

const db = () => t.database.db;

/** The proposals of a state-6 reception: in the future, whatever the day the test runs. */
const PROPOSALS = ['2099-01-05T08:00:00.000Z', '2099-01-06T13:30:00.000Z', '2099-01-07T09:00:00.000Z'];

interface ReceptionSpec {
  stateId: StateId;
  option: 'Photos' | 'Rendez-vous';
  avis?: 'accepté' | 'refusé';
  exState?: StateId;
  appointments?: readonly string[];
  roadDisturbance?: boolean;
}

/** A state of the matrix: the request's state and what its latest reception holds. */
interface StateSpec {
  label: string;
  stateId: StateId;
  sendToSign: boolean;
  reception: ReceptionSpec | null;
}

const state = (
  label: string,
  stateId: StateId,
  reception: ReceptionSpec | null = null,
  sendToSign = false,
): StateSpec => ({ label, stateId, sendToSign, reception });

const STATES: readonly StateSpec[] = [
  // Received works: the accepted reception flags the request to be signed again.
  state('2', 2, { stateId: 2, option: 'Photos', avis: 'accepté' }, true),
  state(
    '2 (perturbation)',
    2,
    { stateId: 2, option: 'Photos', avis: 'accepté', roadDisturbance: true },
    true,
  ),
  state('3', 3),
  state('4', 4),
  state('6', 6, { stateId: 6, option: 'Rendez-vous' }),
  state('6 (propositions)', 6, { stateId: 6, option: 'Rendez-vous', appointments: PROPOSALS }),
  state('7', 7, { stateId: 7, option: 'Photos' }),
  state('12', 12, { stateId: 12, option: 'Photos', avis: 'refusé' }),
  state('13', 13, { stateId: 13, option: 'Rendez-vous', avis: 'refusé', exState: 12 }),
  state('10', 10),
  state('1', 1),
];

/** A request of the matrix: its id, its formal notice's and its order's documents. */
interface Fixture {
  id: number;
  formalNoticeId: number;
  orderId: number;
}

/** The document types every fixture carries: the order, a formal notice and minutes. */
const FIXTURE_DOCUMENTS = [
  { typeDocumentId: 93, name: 'arrete.pdf' },
  { typeDocumentId: 106, name: 'mise-en-demeure.pdf' },
  { typeDocumentId: 108, name: 'pv-reception.pdf' },
] as const;

/**
 * A favourable networks permission of the owner, with the beneficiary's account, its order, a
 * formal notice and minutes (recordReception needs one of them, archiveFormalNotice the notice),
 * and the state's reception.
 */
async function createFixture(spec: StateSpec): Promise<Fixture> {
  const created = await createRequest(db(), {
    owner: users.owner,
    state: spec.stateId,
    sendToSign: spec.sendToSign,
    kind: 1,
    instructeurId: users.instructor.id,
    dateStart: '2026-12-01',
    dateEnd: '2026-12-20',
    beneficiary: { email: users.beneficiary.email, stdUserId: users.beneficiary.id },
  });
  const { id: cerfaId } = await db()
    .insertInto('cerfa14023')
    .values({ isAccessDevelopment: false, isFavorable: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().updateTable('request').set({ cerfa14023Id: cerfaId }).where('id', '=', created.id).execute();
  const documents = await db()
    .insertInto('document')
    .values(
      FIXTURE_DOCUMENTS.map((document) => ({
        requestId: created.id,
        stdUserId: document.typeDocumentId === 93 ? null : users.instructor.id,
        typeDocumentId: document.typeDocumentId,
        name: document.name,
        mimeType: 'application/pdf',
        size: PDF.length,
        sha256: storedLetter.sha256,
        storageKey: storedLetter.storageKey,
      })),
    )
    .returning(['id', 'typeDocumentId'])
    .execute();
  const reception = spec.reception;
  if (reception) {
    const [rdv1 = null, rdv2 = null, rdv3 = null] = reception.appointments ?? [];
    await db()
      .insertInto('reception')
      .values({
        requestId: created.id,
        stateId: reception.stateId,
        exState: reception.exState ?? null,
        option: reception.option,
        avis: reception.avis ?? null,
        rdv1,
        rdv2,
        rdv3,
        roadDisturbance: reception.roadDisturbance ?? false,
        ...(reception.roadDisturbance
          ? {
              lat: 43.631,
              lon: -1.429,
              witnessUserId: users.instructor.id,
              disturbanceComment: 'Affaissement',
            }
          : {}),
      })
      .execute();
  }
  const documentOfType = (typeDocumentId: number) =>
    documents.find((document) => document.typeDocumentId === typeDocumentId)!.id;
  return { id: created.id, formalNoticeId: documentOfType(106), orderId: documentOfType(93) };
}

/** The fixture of each state still unchanged: refusals share it, a success consumes it. */
const pool = new Map<string, Fixture>();
async function fixtureIn(spec: StateSpec): Promise<Fixture> {
  const existing = pool.get(spec.label);
  if (existing) return existing;
  const created = await createFixture(spec);
  pool.set(spec.label, created);
  return created;
}

/** What the workflow reads of a fixture, built as the API builds it (toWorkflowRequest). */
function workflowOf(spec: StateSpec) {
  const [rdv1 = null, rdv2 = null, rdv3 = null] = spec.reception?.appointments ?? [];
  return toWorkflowRequest(
    {
      stateId: spec.stateId,
      type: 1,
      sendToSign: spec.sendToSign,
      stdUserId: users.owner.id,
      beneficiary: { stdUserId: users.beneficiary.id },
      cerfa1402301: { isFavorable: true },
      documents: FIXTURE_DOCUMENTS,
    },
    spec.reception ? { rdv1, rdv2, rdv3, roadDisturbance: spec.reception.roadDisturbance ?? false } : null,
  );
}

async function snapshot(id: number) {
  const [request, reception, traces, extensions] = await Promise.all([
    db().selectFrom('request').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    db()
      .selectFrom('reception')
      .selectAll()
      .where('requestId', '=', id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    requestTraces(db(), id),
    db().selectFrom('request').select('id').where('extensionOfId', '=', id).execute(),
  ]);
  return { request, reception: reception ?? null, ...traces, extensions: extensions.length };
}

interface Answer {
  statusCode: number;
  body: string;
}

interface Case {
  name: string;
  action: WorkflowAction;
  send: (fixture: Fixture, user: TestUser) => Promise<Answer>;
  /** The input the domain's apply() receives, when the route carries one. */
  input?: () => unknown;
  /** The 404's message when the route names a document, not the request. */
  notFound?: string;
}

const json =
  (path: string, payload?: object) =>
  ({ id }: Fixture, user: TestUser): Promise<Answer> =>
    t.app.inject({
      method: 'POST',
      url: `/api/request/${String(id)}${path}`,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });

const form =
  (path: string, parts: Part[]) =>
  ({ id }: Fixture, user: TestUser): Promise<Answer> => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/request/${String(id)}${path}`,
      payload: body.payload,
      headers: { ...body.headers, ...user.headers },
    });
  };

const png = (name: string) => ({ name, content: PNG, filename: `${name}.png`, type: 'image/png' });
const ACCEPTED = { avis: 'accepté', dateVisite: '2026-12-22', partieDomainePublic: ['Chaussée'] };
const REFUSED = { avis: 'refusé', dateVisite: '2026-12-22', motifRefus: ['joints'] };
const NEW_DATES = { dateStart: '2027-01-05', dateEnd: '2027-01-20' };

const CASES: readonly Case[] = [
  {
    name: 'requestReception (Rendez-vous, JSON)',
    action: 'requestReception',
    send: json('/reception', { option: 'Rendez-vous' }),
    input: () => ({ option: 'Rendez-vous', uploadedTypeIds: [] }),
  },
  {
    name: 'requestReception (Photos, multipart)',
    action: 'requestReception',
    send: form('/reception', [
      { name: 'option', content: 'Photos' },
      png('document-104'),
      png('document-105'),
    ]),
    input: () => ({ option: 'Photos', uploadedTypeIds: [104, 105] }),
  },
  {
    name: 'proposeAppointments',
    action: 'proposeAppointments',
    send: json('/appointments', { appointments: PROPOSALS.slice(0, 2) }),
    input: () => ({ appointments: PROPOSALS.slice(0, 2), now: new Date().toISOString() }),
  },
  {
    name: 'chooseAppointment',
    action: 'chooseAppointment',
    send: json('/appointments/choice', { choice: 2 }),
    input: () => ({ choice: 2 }),
  },
  { name: 'declineAppointments', action: 'declineAppointments', send: json('/appointments/decline') },
  {
    name: 'recordReception (accepté, JSON)',
    action: 'recordReception',
    send: json('/reception/outcome', ACCEPTED),
    input: () => ACCEPTED,
  },
  {
    name: 'recordReception (refusé, multipart with a photo)',
    action: 'recordReception',
    send: form('/reception/outcome', [{ name: 'reception', content: JSON.stringify(REFUSED) }, png('photo')]),
    input: () => REFUSED,
  },
  {
    name: 'generateLetter (minutes)',
    action: 'generateLetter',
    send: json('/letters/minutes', { avis: 'accepté' }),
  },
  {
    name: 'generateLetter (formalNotice)',
    action: 'generateLetter',
    send: json('/letters/formalNotice', REFUSED),
  },
  {
    name: 'generateDisturbanceMinutes',
    action: 'generateDisturbanceMinutes',
    send: json('/letters/disturbanceMinutes', {}),
  },
  {
    name: 'archiveFormalNotice',
    action: 'archiveFormalNotice',
    notFound: "Ce document n'existe pas ou ne vous est pas accessible.",
    send: ({ formalNoticeId }, user) =>
      t.app.inject({
        method: 'POST',
        url: `/api/document/elise/${String(formalNoticeId)}`,
        headers: user.headers,
      }),
  },
  {
    name: 'declareRoadDisturbance',
    action: 'declareRoadDisturbance',
    send: (fixture, user) =>
      json('/road-disturbance', { witnessId: users.instructor.id, lat: 43.6312, lon: -1.4291 })(
        fixture,
        user,
      ),
    input: () => ({ witnessId: users.instructor.id, lat: 43.6312, lon: -1.4291 }),
  },
  { name: 'cancelWorks', action: 'cancelWorks', send: json('/cancel-works') },
  {
    name: 'extend',
    action: 'extend',
    send: ({ id }, user) =>
      t.app.inject({
        method: 'POST',
        url: `/api/request/extension/${String(id)}`,
        headers: user.headers,
        payload: NEW_DATES,
      }),
    input: () => NEW_DATES,
  },
];

const REQUEST_NOT_FOUND = "Cette demande n'existe pas ou ne vous est pas accessible.";

interface Expectation {
  status: number;
  /** The refusal's French message (403, 409), or the state after a success. */
  message?: string;
  stateId?: StateId;
}

/**
 * What the API must answer: 404 for an account that does not see the request; otherwise the
 * domain's verdict on the request as stored — can() for the role and the state, then apply()
 * for the input the route carries.
 */
function expectationOf(role: Role, testCase: Case, spec: StateSpec): Expectation {
  if (role === 'other') return { status: 404, message: testCase.notFound ?? REQUEST_NOT_FOUND };
  const actor = { id: users[role].id, roles: ROLE_CODES[role] };
  const workflow = workflowOf(spec);
  const verdict = can(actor, testCase.action, workflow);
  if (!verdict.ok) return { status: verdict.reason === 'role' ? 403 : 409, message: verdict.message };
  const applied = apply(workflow, testCase.action, actor, testCase.input?.());
  if (!applied.ok) return { status: 400 };
  return { status: 200, stateId: applied.request.stateId };
}

const tally: Record<number, number> = {};

describe.each(CASES)('$name', (testCase) => {
  test.each(ROLES)('by %s, in each state', async (role) => {
    const outcomes: string[] = [];
    for (const spec of STATES) {
      const fixture = await fixtureIn(spec);
      const before = await snapshot(fixture.id);
      const res = await testCase.send(fixture, users[role]);
      const expected = expectationOf(role, testCase, spec);
      const cell = `${testCase.name} by ${role} in ${spec.label}`;
      const after = await snapshot(fixture.id);
      // Changed (a success, or a refusal that wrote — failed below): the next cell starts afresh.
      if (!isDeepStrictEqual(after, before)) pool.delete(spec.label);
      outcomes.push(`${spec.label}:${String(res.statusCode)}`);
      tally[res.statusCode] = (tally[res.statusCode] ?? 0) + 1;
      expect(res.statusCode, `${cell}: ${res.body}`).toBe(expected.status);
      const body = JSON.parse(res.body) as {
        success: boolean;
        message: string;
        data?: { id: number; stateId: number; linkedRequests?: { original: { id: number } | null } };
      };
      expect(body.success, cell).toBe(expected.status === 200);
      if (expected.message) expect(body.message, cell).toBe(expected.message);
      if (expected.status === 200) {
        expect(after.history, cell).toBe(before.history + 1);
        expect(after.request.stateId, cell).toBe(expected.stateId);
        // The answer is the request after the change; for an extension, the extension filed in 3.
        if (testCase.action === 'extend')
          expect(body.data, cell).toMatchObject({
            stateId: 3,
            linkedRequests: { original: { id: fixture.id } },
          });
        else expect(body.data, cell).toMatchObject({ id: fixture.id, stateId: expected.stateId });
      } else {
        expect(body.message, cell).toMatch(/[a-zéèàç]/i);
        expect(after, cell).toEqual(before);
      }
    }
    expect(outcomes).toHaveLength(STATES.length);
  });
});

/** Allowed by role and state, refused for the input: 400 in French, and nothing written either. */
const INPUT_REFUSALS: readonly {
  name: string;
  state: string;
  role: Role;
  send: (fixture: Fixture, user: TestUser) => Promise<Answer>;
  message: string;
}[] = [
  {
    name: 'Photos without the photos',
    state: '4',
    role: 'owner',
    send: json('/reception', { option: 'Photos' }),
    message: 'Veuillez joindre la photo et la photo complémentaire',
  },
  {
    name: 'no reception option',
    state: '12',
    role: 'beneficiary',
    send: json('/reception', {}),
    message: 'Veuillez choisir une option de réception',
  },
  {
    name: 'an appointment in the past',
    state: '6',
    role: 'instructor',
    send: json('/appointments', { appointments: ['2020-01-01T09:00:00Z'] }),
    message: 'Un rendez-vous proposé doit être dans le futur',
  },
  {
    name: 'a refusal without its reason',
    state: '7',
    role: 'instructor',
    send: json('/reception/outcome', { avis: 'refusé' }),
    message: 'Veuillez choisir au moins un motif de refus',
  },
  {
    name: 'a formal notice after an accepted reception',
    state: '12',
    role: 'admin',
    send: json('/letters/formalNotice', { avis: 'accepté' }),
    message: 'Une mise en demeure suit une réception refusée',
  },
  {
    name: 'a witness who is not an instructor (refused inside the transaction)',
    state: '2',
    role: 'instructor',
    send: (fixture, user) =>
      json('/road-disturbance', { witnessId: users.owner.id, lat: 43.6312, lon: -1.4291 })(fixture, user),
    message: "Veuillez choisir l'instructeur qui a constaté la perturbation",
  },
  {
    name: 'a document that is not a formal notice',
    state: '12',
    role: 'instructor',
    send: ({ orderId }, user) =>
      t.app.inject({
        method: 'POST',
        url: `/api/document/elise/${String(orderId)}`,
        headers: user.headers,
      }),
    message: "Ce document n'est pas une mise en demeure.",
  },
  {
    name: 'an extension ending before it starts',
    state: '4',
    role: 'owner',
    send: ({ id }, user) =>
      t.app.inject({
        method: 'POST',
        url: `/api/request/extension/${String(id)}`,
        headers: user.headers,
        payload: { dateStart: '2027-01-20', dateEnd: '2027-01-05' },
      }),
    message: 'La date de fin de travaux ne peut pas être inférieure à la date de début des travaux',
  },
];

describe('input refusals', () => {
  test.each(INPUT_REFUSALS)('$name: 400, nothing written', async ({ state: label, role, send, message }) => {
    const spec = STATES.find((candidate) => candidate.label === label)!;
    const fixture = await fixtureIn(spec);
    const before = await snapshot(fixture.id);
    const res = await send(fixture, users[role]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
    expect(await snapshot(fixture.id)).toEqual(before);
  });
});

/** The works-phase actions of the table (the matrix's), as the detail's `actions` lists them. */
const WORKS_ACTIONS = [...new Set(CASES.map((testCase) => testCase.action))];

describe('GET request/{id}', () => {
  test.each(STATES.map((spec) => [spec.label, spec] as const))(
    'in %s, offers each role exactly the works actions the domain allows',
    async (_label, spec) => {
      const fixture = await fixtureIn(spec);
      for (const role of ROLES) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/request/${String(fixture.id)}`,
          headers: users[role].headers,
        });
        if (role === 'other') {
          expect(res.statusCode).toBe(404);
          continue;
        }
        expect(res.statusCode, res.body).toBe(200);
        const offered = res.json<{ data: { actions: string[] } }>().data.actions;
        const actor = { id: users[role].id, roles: ROLE_CODES[role] };
        const allowed = WORKS_ACTIONS.filter((action) => can(actor, action, workflowOf(spec)).ok);
        expect(
          offered.filter((action) => (WORKS_ACTIONS as string[]).includes(action)).sort(),
          `${role} in ${spec.label}`,
        ).toEqual(allowed.sort());
      }
    },
  );
});

describe('the matrix', () => {
  test('covers every answer: successes, 400, 403, 404 and 409', () => {
    const cells = CASES.length * ROLES.length * STATES.length;
    expect(Object.values(tally).reduce((sum, count) => sum + count, 0)).toBe(cells);
    for (const status of [200, 400, 403, 404, 409]) expect(tally[status], String(status)).toBeGreaterThan(0);
  });
});
