import { beforeAll, describe, expect, test } from 'vitest';
import { writeHistory } from '../src/history/history.ts';
import { testAppForFile, type TestApp } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';

const t = testAppForFile();
let admin: TestUser;
let instructor: TestUser;
let alice: TestUser;
let bob: TestUser;
const ids = { alice: 0, alicePublic: '', bob: 0 };

interface Entry {
  id: number;
  user: { id: number; firstName: string | null; lastName: string | null } | null;
  email: string | null;
  picture: string | null;
  context: string;
  loggedAt: string;
  data: unknown;
}

async function log(
  t: TestApp,
  entity: string,
  entityId: number,
  actor: TestUser | null,
  context: string,
  loggedAt: string,
  data?: Record<string, unknown>,
) {
  await t.database.db
    .insertInto('historyLog')
    .values({
      entity,
      entityId,
      userId: actor?.id ?? null,
      email: actor?.email ?? null,
      picture: actor ? `/avatars/${String(actor.id)}.png` : null,
      context,
      data: data ? JSON.stringify(data) : null,
      loggedAt: new Date(loggedAt),
    })
    .execute();
}

beforeAll(async () => {
  const db = t.database.db;
  admin = await createUser(t, ['ROLE_ADMIN']);
  instructor = await createUser(t, ['ROLE_INSTRUCTEUR'], { firstName: 'Inès', lastName: 'Tructrice' });
  alice = await createUser(t, ['ROLE_DEMANDEUR'], { firstName: 'Alice', lastName: 'Martin' });
  bob = await createUser(t, ['ROLE_DEMANDEUR'], { firstName: 'Bob', lastName: 'Secret' });
  const aliceRequest = await createRequest(db, { owner: alice, state: 3 });
  ids.alice = aliceRequest.id;
  ids.alicePublic = aliceRequest.publicId;
  ids.bob = (await createRequest(db, { owner: bob, state: 3 })).id;
  await log(t, 'request', ids.alice, alice, 'Dépôt de la demande', '2025-03-01T09:00:00Z', { stateId: 3 });
  await log(t, 'request', ids.alice, instructor, 'Demande de complétude', '2025-03-02T10:30:00Z');
  await log(t, 'request', ids.alice, alice, 'Complétude de la demande', '2025-03-03T08:15:00Z');
  await log(t, 'request', ids.bob, bob, 'Dépôt de la demande', '2025-03-01T11:00:00Z');
  await log(t, 'user', alice.id, alice, 'Modification du mot de passe', '2025-03-04T12:00:00Z');
  await log(t, 'user', alice.id, admin, 'Modification du compte', '2025-03-05T12:00:00Z');
  await log(t, 'city', 7, admin, 'Modification de la commune', '2025-03-06T12:00:00Z');
  // The writer used by the services, in a transaction: it reaches the same read side.
  await db.transaction().execute((trx) =>
    writeHistory(trx, {
      entity: 'request',
      entityId: ids.bob,
      actor: null,
      context: 'Annulation automatique',
    }),
  );
});

async function entries(
  user: TestUser | null,
  url: string,
): Promise<{
  status: number;
  body: { success: boolean; message: string; data: Entry[]; pagination?: Record<string, number> };
}> {
  const res = await t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /api/log/request/:id', () => {
  test('an instructor sees every entry, newest first, with its fields', async () => {
    const { status, body } = await entries(instructor, `/api/log/request/${String(ids.alice)}`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.map((e) => e.context)).toEqual([
      'Complétude de la demande',
      'Demande de complétude',
      'Dépôt de la demande',
    ]);
    const filing = body.data[2]!;
    expect(filing).toMatchObject({
      user: { id: alice.id, firstName: 'Alice', lastName: 'Martin' },
      email: alice.email,
      picture: `/avatars/${String(alice.id)}.png`,
      loggedAt: '2025-03-01T09:00:00.000Z',
      data: { stateId: 3 },
    });
    expect(body.data[1]!.email).toBe(instructor.email);
    expect(body.data[0]!.data).toBeNull();
  });

  test("the applicant sees its request by number or public id, without other users' e-mails", async () => {
    for (const key of [String(ids.alice), ids.alicePublic]) {
      const { status, body } = await entries(alice, `/api/log/request/${key}`);
      expect(status).toBe(200);
      expect(body.data).toHaveLength(3);
      const byInstructor = body.data.find((e) => e.context === 'Demande de complétude')!;
      expect(byInstructor.email).toBeNull();
      expect(byInstructor.user).toEqual({ id: instructor.id, firstName: 'Inès', lastName: 'Tructrice' });
      expect(body.data.filter((e) => e.user?.id === alice.id).every((e) => e.email === alice.email)).toBe(
        true,
      );
      expect(JSON.stringify(body)).not.toContain(instructor.email);
    }
  });

  test("another applicant's request, a missing one or a bad id: 404 without telling which", async () => {
    const other = await entries(alice, `/api/log/request/${String(ids.bob)}`);
    const missing = await entries(alice, '/api/log/request/999999');
    const bad = await entries(alice, '/api/log/request/pas-un-id');
    for (const res of [other, missing, bad]) expect(res.status).toBe(404);
    expect(other.body.message).toBe(missing.body.message);
  });

  test('an entry without an actor has no user', async () => {
    const { body } = await entries(admin, `/api/log/request/${String(ids.bob)}`);
    expect(body.data[0]).toMatchObject({ context: 'Annulation automatique', user: null, email: null });
  });

  test('without a session: 401; a bad entity: 400 in French', async () => {
    expect((await entries(null, `/api/log/request/${String(ids.alice)}`)).status).toBe(401);
    const bad = await entries(admin, `/api/log/${encodeURIComponent('Req uest')}/1`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("L'entité n'est pas valide.");
  });
});

describe('GET /api/log/user/:id and other entities', () => {
  test("a user sees its own history, with the admin's e-mail masked; an admin sees it all", async () => {
    const own = await entries(alice, `/api/log/user/${String(alice.id)}`);
    expect(own.status).toBe(200);
    expect(own.body.data.map((e) => e.context)).toEqual([
      'Modification du compte',
      'Modification du mot de passe',
    ]);
    expect(own.body.data[0]!.email).toBeNull();
    const asAdmin = await entries(admin, `/api/log/user/${String(alice.id)}`);
    expect(asAdmin.body.data[0]!.email).toBe(admin.email);
  });

  test("another user's history: 403, instructors included", async () => {
    expect((await entries(bob, `/api/log/user/${String(alice.id)}`)).status).toBe(403);
    expect((await entries(instructor, `/api/log/user/${String(alice.id)}`)).status).toBe(403);
  });

  test('any other entity is for admins only', async () => {
    expect((await entries(instructor, '/api/log/city/7')).status).toBe(403);
    expect((await entries(alice, '/api/log/city/7')).status).toBe(403);
    const { status, body } = await entries(admin, '/api/log/city/7');
    expect(status).toBe(200);
    expect(body.data.map((e) => e.context)).toEqual(['Modification de la commune']);
  });
});

describe('GET /api/log (admins)', () => {
  test('the latest entries, newest first, paginated', async () => {
    const { status, body } = await entries(admin, '/api/log?page=1&numItemsPerPage=2');
    expect(status).toBe(200);
    expect(body.data.map((e) => e.context)).toEqual(['Annulation automatique', 'Modification de la commune']);
    expect(body.pagination).toEqual({ page: 1, numItemsPerPage: 2, total: 8, pages: 4 });
    const last = await entries(admin, '/api/log?page=4&numItemsPerPage=2');
    expect(last.body.data.map((e) => e.context)).toEqual(['Dépôt de la demande', 'Dépôt de la demande']);
  });

  test('403 for other roles, 401 without a session, 400 above 250 per page', async () => {
    expect((await entries(instructor, '/api/log')).status).toBe(403);
    expect((await entries(alice, '/api/log')).status).toBe(403);
    expect((await entries(null, '/api/log')).status).toBe(401);
    const big = await entries(admin, '/api/log?numItemsPerPage=251');
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('ne peut pas dépasser 250');
  });
});
