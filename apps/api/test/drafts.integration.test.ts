import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DRAFT_LIMITS, DRAFT_MESSAGES, type DraftSummary } from '@voirie/domain';
import { testAppForFile, accountsForFile, createTestApp, type TestApp } from './test-app.ts';
import { createUser, type TestUser } from './requests-factory.ts';
import { insertGeoFixtures } from './geo-fixtures.ts';
import { MANDATORY, filingParts, filingPayload, sendParts } from './filing-helpers.ts';

// Drafts of the filing wizard (docs/api-drafts.md): each account reaches only
// its own (anyone else's is a 404), within a count and a size; the filing that names its draft
// deletes it in the same transaction, and a failed filing keeps it.

const t = testAppForFile({}, { dataDir: 'drafts', geo: true });
const { alice, bob, admin, gestionnaire } = accountsForFile(t, {
  alice: ['ROLE_DEMANDEUR'],
  bob: ['ROLE_DEMANDEUR'],
  admin: ['ROLE_ADMIN'],
  gestionnaire: ['ROLE_GESTIONNAIRE'],
});

const STATE = { step: 3, location: { addressName: 'des Pins', theGeom: null }, drafts: { project: 'Fibre' } };
const input = (overrides: Record<string, unknown> = {}) => ({
  kind: 1,
  step: 3,
  label: '12 Rue des Pins, Capbreton',
  state: STATE,
  ...overrides,
});

const call = (
  app: TestApp,
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  app.app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function create(app: TestApp, user: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await call(app, user, 'POST', '/api/drafts', input(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: DraftSummary }>().data;
}

const fileFrom = (app: TestApp, user: TestUser, draftId: string) => {
  return sendParts(app, {
    method: 'POST',
    url: `/api/request?draftId=${draftId}`,
    user,
    parts: filingParts(filingPayload(1), MANDATORY[1]),
  });
};

const draftIds = async (app: TestApp, user: TestUser) =>
  (
    await app.database.db.selectFrom('requestDraft').select('id').where('ownerUserId', '=', user.id).execute()
  ).map((row) => row.id);

describe('a draft belongs to its account', () => {
  test('saved, listed, read back with its state, updated and deleted by its owner', async () => {
    const draft = await create(t, alice);
    expect(draft).toMatchObject({ kind: 1, step: 3, label: '12 Rue des Pins, Capbreton' });

    const list = await call(t, alice, 'GET', '/api/drafts');
    expect(list.json<{ data: DraftSummary[] }>().data.map((entry) => entry.id)).toEqual([draft.id]);
    // The list carries no state (it may be large); the draft itself does.
    expect(list.json<{ data: Record<string, unknown>[] }>().data[0]).not.toHaveProperty('state');
    const read = await call(t, alice, 'GET', `/api/drafts/${draft.id}`);
    expect(read.json<{ data: { state: unknown } }>().data.state).toEqual(STATE);

    const moved = await call(
      t,
      alice,
      'PUT',
      `/api/drafts/${draft.id}`,
      input({ step: 5, label: 'Autre adresse', state: { step: 5 } }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: DraftSummary }>().data).toMatchObject({ step: 5, label: 'Autre adresse' });
    const again = await call(t, alice, 'GET', `/api/drafts/${draft.id}`);
    expect(again.json<{ data: { state: unknown; step: number } }>().data).toMatchObject({
      step: 5,
      state: { step: 5 },
    });

    const removed = await call(t, alice, 'DELETE', `/api/drafts/${draft.id}`);
    expect(removed.json()).toMatchObject({ success: true, message: DRAFT_MESSAGES.deleted });
    expect(await draftIds(t, alice)).toEqual([]);
  });

  test('another account, an administrator included, neither lists, reads, writes nor deletes it: 404', async () => {
    const draft = await create(t, alice);
    for (const other of [bob, admin]) {
      const list = await call(t, other, 'GET', '/api/drafts');
      expect(list.json<{ data: DraftSummary[] }>().data.map((entry) => entry.id)).not.toContain(draft.id);
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', input({ label: 'volé' })],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(t, other, method, `/api/drafts/${draft.id}`, payload);
        expect(res.statusCode, `${method} by ${String(other.id)}`).toBe(404);
        expect(res.json()).toMatchObject({ success: false, message: DRAFT_MESSAGES.notFound });
      }
    }
    const kept = await call(t, alice, 'GET', `/api/drafts/${draft.id}`);
    expect(kept.json<{ data: DraftSummary }>().data.label).toBe('12 Rue des Pins, Capbreton');
    expect(await call(t, null, 'GET', '/api/drafts')).toHaveProperty('statusCode', 401);
    await call(t, alice, 'DELETE', `/api/drafts/${draft.id}`);
  });

  test('an account that may not file (road manager) saves none', async () => {
    const res = await call(t, gestionnaire, 'POST', '/api/drafts', input());
    expect(res.statusCode).toBe(403);
    expect(await draftIds(t, gestionnaire)).toEqual([]);
  });
});

describe('limits, with French reasons', () => {
  test(`at most ${String(DRAFT_LIMITS.maxPerAccount)} drafts per account; others are not counted`, async () => {
    const user = await createUser(t, ['ROLE_DEMANDEUR']);
    await Promise.all(
      Array.from({ length: DRAFT_LIMITS.maxPerAccount }, (_, index) =>
        create(t, user, { label: `n°${String(index)}` }),
      ),
    );
    const over = await call(t, user, 'POST', '/api/drafts', input());
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ success: false, message: DRAFT_MESSAGES.tooMany });
    expect(await draftIds(t, user)).toHaveLength(DRAFT_LIMITS.maxPerAccount);
    // Updating one stays possible, and another account is not affected.
    const [first] = await draftIds(t, user);
    expect((await call(t, user, 'PUT', `/api/drafts/${first!}`, input())).statusCode).toBe(200);
    const theirs = await create(t, bob);
    await call(t, bob, 'DELETE', `/api/drafts/${theirs.id}`);
  });

  test('a state over the size limit is refused (413) on creation and on update; the draft keeps its content', async () => {
    const big = { text: 'é'.repeat(DRAFT_LIMITS.maxStateBytes / 2) };
    const refused = await call(t, alice, 'POST', '/api/drafts', input({ state: big }));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ success: false, message: DRAFT_MESSAGES.tooLarge });
    const draft = await create(t, alice);
    const update = await call(t, alice, 'PUT', `/api/drafts/${draft.id}`, input({ state: big }));
    expect(update.statusCode).toBe(413);
    const read = await call(t, alice, 'GET', `/api/drafts/${draft.id}`);
    expect(read.json<{ data: { state: unknown } }>().data.state).toEqual(STATE);
    await call(t, alice, 'DELETE', `/api/drafts/${draft.id}`);
  });

  test('a bad body or id is a French 400', async () => {
    const label = await call(t, alice, 'POST', '/api/drafts', input({ label: 'x'.repeat(121), kind: 9 }));
    expect(label.statusCode).toBe(400);
    expect(label.json<{ message: string }>().message).toMatch(/120|cerfa/i);
    expect((await call(t, alice, 'GET', '/api/drafts/12')).statusCode).toBe(400);
  });
});

describe('filing from a draft', () => {
  test('the filing deletes its draft; the other drafts stay', async () => {
    const draft = await create(t, alice);
    const other = await create(t, alice, { label: 'Autre' });
    const res = await fileFrom(t, alice, draft.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(await draftIds(t, alice)).toEqual([other.id]);
    await call(t, alice, 'DELETE', `/api/drafts/${other.id}`);
  });

  test("someone else's draft id changes nothing: the filing goes through, the draft stays", async () => {
    const theirs = await create(t, bob);
    const res = await fileFrom(t, alice, theirs.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(await draftIds(t, bob)).toEqual([theirs.id]);
    await call(t, bob, 'DELETE', `/api/drafts/${theirs.id}`);
  });

  test('a refused filing keeps the draft', async () => {
    const draft = await create(t, alice);
    const res = await sendParts(t, {
      method: 'POST',
      url: `/api/request?draftId=${draft.id}`,
      user: alice,
      parts: filingParts(filingPayload(1), []),
    });
    expect(res.statusCode).toBe(400);
    expect(await draftIds(t, alice)).toEqual([draft.id]);
    await call(t, alice, 'DELETE', `/api/drafts/${draft.id}`);
  });
});

describe('atomic with the filing', () => {
  let f: TestApp;
  let failing = true;
  beforeAll(async () => {
    f = await createTestApp(
      {},
      {
        dataDir: 'drafts-fault',
        faults: {
          afterApplicant: () => {
            if (failing) throw new Error('panne simulée après le demandeur');
          },
        },
      },
    );
    await insertGeoFixtures(f.database.db);
  });
  afterAll(() => f?.close());

  test('a filing failing inside its transaction keeps the draft; the retry that succeeds deletes it', async () => {
    const user = await createUser(f, ['ROLE_DEMANDEUR']);
    const draft = await create(f, user);
    const failed = await fileFrom(f, user, draft.id);
    expect(failed.statusCode).toBe(500);
    expect(await draftIds(f, user)).toEqual([draft.id]);
    failing = false;
    const filed = await fileFrom(f, user, draft.id);
    expect(filed.statusCode, filed.body).toBe(201);
    expect(await draftIds(f, user)).toEqual([]);
  });
});
