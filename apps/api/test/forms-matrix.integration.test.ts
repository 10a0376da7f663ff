import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STATE_IDS, can, toWorkflowRequest, type StateId } from '@voirie/domain';
import { createTestApp, type TestApp } from './test-app.ts';
import { createRequest, createUser, insertAlignmentForm, type TestUser } from './requests-factory.ts';

// The authorization matrix of what an applicant declared: the parties and
// forms of a request change only through its workflow ('updateRequest': the owner in state 8,
// an admin in any state), and a request, its mail log and its forms are seen through accounts —
// never through an e-mail someone typed. Every (route, account, state) answers what the domain
// and the visibility say; a refusal writes nothing. The figures are printed at the end.

let t: TestApp;
const users: Record<string, TestUser> = {};

// Accounts: the owner; the beneficiary who accepted its invitation; two accounts whose addresses
// the owner only typed (applicant and beneficiary); another applicant; staff; a road manager and
// a town counter with no perimeter here.
const ACCOUNTS = {
  owner: ['ROLE_DEMANDEUR'],
  acceptedBeneficiary: ['ROLE_DEMANDEUR'],
  typedPetitioner: ['ROLE_DEMANDEUR'],
  typedBeneficiary: ['ROLE_DEMANDEUR'],
  other: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
  admin: ['ROLE_ADMIN'],
  gestionnaire: ['ROLE_GESTIONNAIRE'],
  guichet: ['ROLE_GUICHET'],
} as const;
type Account = keyof typeof ACCOUNTS;
const ACCOUNT_NAMES = Object.keys(ACCOUNTS) as Account[];
const SEES: readonly Account[] = ['owner', 'acceptedBeneficiary', 'instructor', 'admin'];

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ACCOUNT_NAMES) users[name] = await createUser(t, [...ACCOUNTS[name]]);
});
afterAll(() => t?.close());

const db = () => t.database.db;

interface Target {
  requestId: number;
  petitionerId: number;
  beneficiaryId: number;
  cerfaId: number;
  alignmentId: number;
}

/** A networks request and an alignment request of the owner in `state`, with their parties and forms. */
async function targetsIn(
  state: StateId,
  sendToSign: boolean,
): Promise<{ networks: Target; alignment: Target }> {
  const make = async (kind: 1 | 2): Promise<Target> => {
    const created = await createRequest(db(), {
      owner: users.owner!,
      state,
      sendToSign,
      kind,
      petitioner: { email: users.typedPetitioner!.email, stdUserId: null },
      beneficiary: { email: users.acceptedBeneficiary!.email, stdUserId: users.acceptedBeneficiary!.id },
    });
    const row = await db()
      .selectFrom('request')
      .select(['petitionerId', 'beneficiaryId'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    // A second request whose beneficiary is only typed: it must stay invisible to that account.
    await createRequest(db(), {
      owner: users.owner!,
      state,
      kind,
      beneficiary: { email: users.typedBeneficiary!.email },
    });
    const cerfa = await db()
      .insertInto('cerfa14023')
      .values({ isAccessDevelopment: false, themes: 'pose_compteur' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alignmentId = await insertAlignmentForm(db());
    await db()
      .updateTable('request')
      .set(kind === 1 ? { cerfa14023Id: cerfa.id } : { alignmentId })
      .where('id', '=', created.id)
      .execute();
    return {
      requestId: created.id,
      petitionerId: row.petitionerId,
      beneficiaryId: row.beneficiaryId!,
      cerfaId: cerfa.id,
      alignmentId,
    };
  };
  return { networks: await make(1), alignment: await make(2) };
}

type Kind = 'edit' | 'read';
interface Route {
  name: string;
  kind: Kind;
  send: (
    targets: { networks: Target; alignment: Target },
    user: TestUser,
  ) => Promise<{ statusCode: number; body: string }>;
  requestOf: (targets: { networks: Target; alignment: Target }) => Target;
}

const PARTY = (email: string) => ({ nature: 'Particulier', lastName: 'Durand', firstName: 'Marie', email });

const ROUTES: Route[] = [
  {
    name: 'PUT petitioner (applicant)',
    kind: 'edit',
    requestOf: (x) => x.networks,
    send: (x, user) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/petitioner/${String(x.networks.petitionerId)}`,
        headers: user.headers,
        payload: PARTY(users.typedPetitioner!.email),
      }),
  },
  {
    name: 'PUT petitioner (beneficiary)',
    kind: 'edit',
    requestOf: (x) => x.networks,
    send: (x, user) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/petitioner/${String(x.networks.beneficiaryId)}`,
        headers: user.headers,
        payload: PARTY(users.acceptedBeneficiary!.email),
      }),
  },
  {
    name: 'PUT cerfa14023',
    kind: 'edit',
    requestOf: (x) => x.networks,
    send: (x, user) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/cerfa14023/${String(x.networks.cerfaId)}`,
        headers: user.headers,
        payload: { themes: 'pose_compteur' },
      }),
  },
  {
    name: 'PUT individualAlignmentRequest',
    kind: 'edit',
    requestOf: (x) => x.alignment,
    send: (x, user) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/individualAlignmentRequest/${String(x.alignment.alignmentId)}`,
        headers: user.headers,
        payload: { reasonRequest: 'Real cloture' },
      }),
  },
  {
    name: 'GET mails/{id}',
    kind: 'read',
    requestOf: (x) => x.networks,
    send: (x, user) =>
      t.app.inject({
        method: 'GET',
        url: `/api/mails/${String(x.networks.requestId)}`,
        headers: user.headers,
      }),
  },
  {
    name: 'GET request/{id}',
    kind: 'read',
    requestOf: (x) => x.networks,
    send: (x, user) =>
      t.app.inject({
        method: 'GET',
        url: `/api/request/${String(x.networks.requestId)}`,
        headers: user.headers,
      }),
  },
];

/** What the API must answer: 404 to an account that does not see the request, else the domain's verdict. */
function expected(route: Route, account: Account, state: StateId, sendToSign: boolean): number {
  if (!SEES.includes(account)) return 404;
  if (route.kind === 'read') return 200;
  const workflow = toWorkflowRequest({
    stateId: state,
    type: 1,
    sendToSign,
    stdUserId: users.owner!.id,
    beneficiary: { stdUserId: users.acceptedBeneficiary!.id },
  });
  const verdict = can({ id: users[account]!.id, roles: [...ACCOUNTS[account]] }, 'updateRequest', workflow);
  return verdict.ok ? 200 : verdict.reason === 'role' ? 403 : 409;
}

async function snapshot(target: Target) {
  const [parties, cerfa, alignment, history, mails, invitations] = await Promise.all([
    db()
      .selectFrom('petitioner')
      .selectAll()
      .where('id', 'in', [target.petitionerId, target.beneficiaryId])
      .orderBy('id')
      .execute(),
    db().selectFrom('cerfa14023').selectAll().where('id', '=', target.cerfaId).execute(),
    db().selectFrom('individualAlignmentRequest').selectAll().where('id', '=', target.alignmentId).execute(),
    db()
      .selectFrom('historyLog')
      .select('id')
      .where('entity', '=', 'request')
      .where('entityId', '=', target.requestId)
      .execute(),
    db().selectFrom('mailOutbox').select('id').where('requestId', '=', target.requestId).execute(),
    db().selectFrom('requestInvitation').select('id').where('requestId', '=', target.requestId).execute(),
  ]);
  return {
    parties,
    cerfa,
    alignment,
    history: history.length,
    mails: mails.length,
    invitations: invitations.length,
  };
}

/** [state, in signature]: every state, and 3 while its order is in signature. */
const STATES: readonly [StateId, boolean][] = STATE_IDS.flatMap((id): [StateId, boolean][] =>
  id === 3
    ? [
        [3, false],
        [3, true],
      ]
    : [[id, false]],
);

describe('parties, forms and mail logs: every route × account × state', () => {
  const figures = { probes: 0, allows: 0, unexpectedAllows: 0, wrongStatus: 0, writesOnRefusal: 0 };

  test.each(ROUTES)('$name', async (route) => {
    const mismatches: string[] = [];
    for (const [state, sendToSign] of STATES) {
      const targets = await targetsIn(state, sendToSign);
      for (const account of ACCOUNT_NAMES) {
        const target = route.requestOf(targets);
        const before = await snapshot(target);
        const res = await route.send(targets, users[account]!);
        const want = expected(route, account, state, sendToSign);
        figures.probes += 1;
        if (res.statusCode === 200) figures.allows += 1;
        if (res.statusCode === 200 && want !== 200) figures.unexpectedAllows += 1;
        if (res.statusCode !== want) {
          figures.wrongStatus += 1;
          mismatches.push(
            `${account} in ${String(state)}${sendToSign ? 's' : ''}: ${String(res.statusCode)} (expected ${String(want)}) ${res.body.slice(0, 120)}`,
          );
        }
        if (want !== 200 && JSON.stringify(await snapshot(target)) !== JSON.stringify(before)) {
          figures.writesOnRefusal += 1;
          mismatches.push(`${account} in ${String(state)}: a refusal wrote something`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  test('figures', () => {
    console.log(
      `forms matrix: ${String(figures.probes)} probes, ${String(figures.allows)} allowed, ${String(figures.unexpectedAllows)} unexpected allows, ${String(figures.writesOnRefusal)} writes on refusal`,
    );
    expect(figures.probes).toBe(ROUTES.length * STATES.length * ACCOUNT_NAMES.length);
    expect(figures.unexpectedAllows).toBe(0);
    expect(figures.writesOnRefusal).toBe(0);
  });
});

describe('an edit through the workflow is traced with before and after', () => {
  test("the owner's edit in state 8 keeps the old and new values in the same history entry", async () => {
    const { networks } = await targetsIn(8, false);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/petitioner/${String(networks.petitionerId)}`,
      headers: users.owner!.headers,
      payload: { ...PARTY(users.typedPetitioner!.email), lastName: 'Dupont' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await db()
      .selectFrom('historyLog')
      .select(['context', 'data'])
      .where('entity', '=', 'request')
      .where('entityId', '=', networks.requestId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.context).toBe('Mise à jour du dossier');
    expect(entry.data).toMatchObject({
      action: 'updateRequest',
      from: 8,
      to: 8,
      object: 'petitioner',
      changes: { lastName: { before: 'Durand', after: 'Dupont' } },
    });
  });

  test("a closed request (state 5) refuses the owner with the spec's words, and writes no history", async () => {
    const { networks } = await targetsIn(5, false);
    const before = await snapshot(networks);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/petitioner/${String(networks.petitionerId)}`,
      headers: users.owner!.headers,
      payload: PARTY('pirate@exemple.fr'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe("Votre demande n'est pas en état de complétude");
    expect(await snapshot(networks)).toEqual(before);
  });
});
