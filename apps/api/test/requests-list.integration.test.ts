import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { LIST_TABS, PAGE_SIZES, STATE_IDS } from '@voirie/domain';
import { listRequests } from '../src/requests/list-service.ts';
import { testAppForFile, accountsForFile, createTestApp } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';

const t = testAppForFile();
const { admin, instructor, alice, bob } = accountsForFile(t, {
  admin: { roles: ['ROLE_ADMIN'], firstName: 'Claire', lastName: 'Dubois' },
  instructor: { roles: ['ROLE_INSTRUCTEUR'], firstName: 'Julien', lastName: 'Lafitte' },
  alice: { roles: ['ROLE_DEMANDEUR'], firstName: 'Alice', lastName: 'Martin' },
  bob: { roles: ['ROLE_DEMANDEUR'], firstName: 'Bob', lastName: 'Secret' },
});
const ids: Record<string, number> = {};

beforeAll(async () => {
  const db = t.database.db;
  ids.a3 = (
    await createRequest(db, {
      owner: alice,
      state: 3,
      kind: 1,
      numaffaire: '2026-0001',
      instructeurId: instructor.id,
      dateStart: '2026-02-10',
      dateEnd: '2026-02-20',
      depositDate: '2026-01-05T10:00:00Z',
      city: 'Capbreton',
      addressName: 'des Pins',
    })
  ).id;
  ids.a3sign = (
    await createRequest(db, {
      owner: alice,
      state: 3,
      sendToSign: true,
      kind: 1,
      numaffaire: '2026-0002',
      dateStart: '2026-03-01',
      depositDate: '2026-01-06T10:00:00Z',
      city: 'Seignosse',
      insee: '40296',
      addressName: 'de la Plage',
    })
  ).id;
  ids.a4 = (
    await createRequest(db, {
      owner: alice,
      state: 4,
      kind: 3,
      numaffaire: '2026-0003',
      dateStart: '2026-04-01',
      depositDate: '2026-01-07T10:00:00Z',
      city: 'Soustons',
      insee: '40310',
      instructeurId: admin.id,
    })
  ).id;
  ids.a1 = (
    await createRequest(db, {
      owner: alice,
      state: 1,
      kind: 2,
      numaffaire: '2026-0004',
      depositDate: '2026-01-08T10:00:00Z',
      city: 'Capbreton',
    })
  ).id;
  ids.a9 = (
    await createRequest(db, {
      owner: alice,
      state: 9,
      kind: 1,
      numaffaire: '2026-0005',
      dateStart: '2026-05-15',
      depositDate: '2026-01-09T10:00:00Z',
      city: 'Labenne',
      insee: '40133',
      petitioner: {
        corporationName: 'Élec Côte Sud',
        corporationAgent: 'Jérôme Lacoste',
        email: alice.email,
      },
    })
  ).id;
  ids.b3 = (
    await createRequest(db, {
      owner: bob,
      state: 3,
      kind: 1,
      numaffaire: '2026-0099',
      dateStart: '2026-02-12',
      depositDate: '2026-01-10T10:00:00Z',
      city: 'Capbreton',
      petitioner: { firstName: 'Bob', lastName: 'Secret', email: bob.email },
    })
  ).id;
  ids.benef = (
    await createRequest(db, {
      owner: bob,
      state: 8,
      kind: 1,
      numaffaire: '2026-0100',
      depositDate: '2026-01-11T10:00:00Z',
      petitioner: { firstName: 'Bob', lastName: 'Secret', email: bob.email },
      beneficiary: { firstName: 'Alice', lastName: 'Martin', email: alice.email, stdUserId: alice.id },
    })
  ).id;
});

async function list(user: TestUser, query: Record<string, string | number> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/request',
    headers: user.headers,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  return res;
}
async function listIds(user: TestUser, query: Record<string, string | number> = {}): Promise<number[]> {
  const res = await list(user, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((row) => row.id);
}

describe('GET request', () => {
  test('answers rows, features and pagination; default sort deposit date descending', async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      pagination: { page: 1, numItemsPerPage: 50, total: 7, pages: 1 },
    });
    expect(body.data.map((row: { id: number }) => row.id)).toEqual([
      ids.benef,
      ids.b3,
      ids.a9,
      ids.a1,
      ids.a4,
      ids.a3sign,
      ids.a3,
    ]);
    expect(body.features.type).toBe('FeatureCollection');
    expect(body.features.features).toHaveLength(7);
    const feature = body.features.features.find((f: { id: number }) => f.id === ids.a3);
    expect(feature.properties).toMatchObject({ id: ids.a3, dateStart: '2026-02-10', dateEnd: '2026-02-20' });
    expect(feature.geometry.type).toBe('GeometryCollection');
  });

  test('presents the display fields and abilities', async () => {
    const rows = (await list(admin)).json().data as Record<string, unknown>[];
    const a3 = rows.find((row) => row.id === ids.a3)!;
    expect(a3).toMatchObject({
      type: 1,
      stateId: 3,
      state: { id: 3, name: 'Transférée pour instruction' },
      sendToSign: false,
      instructeurId: instructor.id,
      instructeurInitials: 'JL',
      location: '1 rue des Pins',
      numaffaire: '2026-0001',
      addressCity: 'Capbreton',
      depositDate: '2026-01-05T10:00:00.000Z',
      dateStart: '2026-02-10',
      dateEnd: '2026-02-20',
      demandeurPrenom: 'Marie',
      demandeurNom: 'Durand',
      tab: 1,
      abilities: { open: true, locate: true, cancel: true, mails: true },
    });
    expect(a3.publicId).toMatch(/^[0-9a-f-]{36}$/);
    const sign = rows.find((row) => row.id === ids.a3sign)!;
    expect(sign).toMatchObject({
      state: { name: 'En signature' },
      sendToSign: true,
      instructeurInitials: 'Inconnu',
      tab: 2,
    });
    expect(sign.stateTooltip).toBe("Dossier envoyé en signature, en attente du retour de l'arrêté signé");
    const cancelled = rows.find((row) => row.id === ids.a1)!;
    expect(cancelled).toMatchObject({ abilities: { locate: false } });
    const works = rows.find((row) => row.id === ids.a4)!;
    // En travaux: cancel hidden.
    expect(works).toMatchObject({ abilities: { cancel: false }, tab: 3 });
    const company = rows.find((row) => row.id === ids.a9)!;
    expect(company).toMatchObject({
      demandeurCorporation: 'Élec Côte Sud',
      demandeurCorporationAgent: 'Jérôme Lacoste',
    });
  });

  test('the type switch, tabs, date range and every column filter', async () => {
    expect(await listIds(admin, { type: 3 })).toEqual([ids.a4]);
    expect(await listIds(admin, { type: 2 })).toEqual([ids.a1]);
    expect(await listIds(admin, { tab: 1 })).toEqual([ids.b3, ids.a9, ids.a3]);
    expect(await listIds(admin, { searchFilter: JSON.stringify({ tab: 2 }) })).toEqual([
      ids.benef,
      ids.a3sign,
    ]);
    expect(await listIds(admin, { tab: 3 })).toEqual([ids.a4]);
    expect(await listIds(admin, { tab: 6 })).toEqual([ids.a1]);
    expect(await listIds(admin, { dateStartFrom: '2026-02-11', dateStartTo: '2026-03-31' })).toEqual([
      ids.b3,
      ids.a3sign,
    ]);
    expect(await listIds(admin, { searchFilter: JSON.stringify({ dateStartFrom: '2026-04-01' }) })).toEqual([
      ids.a9,
      ids.a4,
    ]);
    const filter = async (f: Record<string, unknown>) => listIds(admin, { searchFilter: JSON.stringify(f) });
    expect(await filter({ stateId: 9 })).toEqual([ids.a9]);
    expect(await filter({ stateId: [1, 4] })).toEqual([ids.a1, ids.a4]);
    expect(await filter({ type: [2, 3] })).toEqual([ids.a1, ids.a4]);
    expect(await filter({ addressCity: 'seignosse' })).toEqual([ids.a3sign]);
    expect(await filter({ instructeurId: instructor.id })).toEqual([ids.a3]);
    expect((await filter({ instructeurId: 0 })).length).toBe(5);
    expect(await filter({ numaffaire: '0099' })).toEqual([ids.b3]);
    expect(await filter({ address: 'plage' })).toEqual([ids.a3sign]);
    expect(await filter({ demandeur: 'elec cote' })).toEqual([ids.a9]);
    expect(await filter({ id: ids.a4 })).toEqual([ids.a4]);
  });

  test('free-text search: accents and case ignored, names, case number, city, id; wildcards literal', async () => {
    expect(await listIds(admin, { searchText: 'ÉLEC' })).toEqual([ids.a9]);
    expect(await listIds(admin, { searchText: 'lacoste' })).toEqual([ids.a9]);
    expect(await listIds(admin, { searchText: '2026-0003' })).toEqual([ids.a4]);
    expect(await listIds(admin, { searchText: 'soustons' })).toEqual([ids.a4]);
    expect(await listIds(admin, { searchText: 'MARTIN' })).toEqual([ids.benef]);
    expect(await listIds(admin, { searchText: String(ids.a1) })).toContain(ids.a1);
    expect(await listIds(admin, { searchText: '%' })).toEqual([]);
  });

  test('a text search is counted up to its cap, then says it is capped; a list without text is counted whole', async () => {
    const viewer = { id: admin.id, email: admin.email, roles: ['ROLE_ADMIN'] };
    const params = { page: 1, numItemsPerPage: 25, searchSort: 'id', searchDir: 'asc' } as const;
    const search = (searchText: string, searchCountCap: number) =>
      listRequests(t.database.db, viewer, { searchText, columns: {} }, params, { searchCountCap });
    // '2026-000' is in five case numbers (2026-0001 … 2026-0005).
    const whole = await search('2026-000', 5);
    expect(whole.pagination).toEqual({ page: 1, numItemsPerPage: 25, total: 5, pages: 1 });

    const capped = await search('2026-000', 3);
    expect(capped.pagination).toEqual({ page: 1, numItemsPerPage: 25, total: 3, pages: 1, capped: true });
    // The page itself is whole: only the count stops at the cap.
    expect(capped.data.map((row) => row.id)).toEqual(whole.data.map((row) => row.id));

    const everything = await listRequests(t.database.db, viewer, { columns: {} }, params, {
      searchCountCap: 1,
    });
    expect(everything.pagination.capped).toBeUndefined();
    expect(everything.pagination.total).toBeGreaterThan(5);
  });

  test('every sort, both directions', async () => {
    const sorts = [
      'id',
      'type',
      'stateId',
      'instructeur',
      'address',
      'demandeur',
      'numaffaire',
      'addressCity',
      'depositDate',
      'dateStart',
    ];
    for (const searchSort of sorts) {
      const asc = await listIds(admin, { searchSort, searchDir: 'asc' });
      const desc = await listIds(admin, { searchSort, searchDir: 'desc' });
      expect(asc).toHaveLength(7);
      expect(desc).toHaveLength(7);
    }
    expect(await listIds(admin, { searchSort: 'id', searchDir: 'asc' })).toEqual([
      ids.a3,
      ids.a3sign,
      ids.a4,
      ids.a1,
      ids.a9,
      ids.b3,
      ids.benef,
    ]);
    expect(await listIds(admin, { searchSort: 'numaffaire', searchDir: 'desc' })).toEqual([
      ids.benef,
      ids.b3,
      ids.a9,
      ids.a1,
      ids.a4,
      ids.a3sign,
      ids.a3,
    ]);
    const byCity = await listIds(admin, { searchSort: 'addressCity', searchDir: 'asc' });
    expect(byCity.slice(-1)).toEqual([ids.a4]);
    const byStart = await listIds(admin, { searchSort: 'dateStart', searchDir: 'asc' });
    expect(byStart.slice(0, 2)).toEqual([ids.a3, ids.b3]);
    // empty values last
    expect(byStart.slice(-2).sort()).toEqual([ids.a1, ids.benef].sort());
    const byInstructor = await listIds(admin, { searchSort: 'instructeur', searchDir: 'asc' });
    expect(byInstructor.slice(0, 2)).toEqual([ids.a4, ids.a3]); // Dubois, Lafitte
  });

  test('page sizes and pagination', async () => {
    for (const size of PAGE_SIZES) {
      const res = await list(admin, { numItemsPerPage: size });
      expect(res.json().pagination).toMatchObject({ numItemsPerPage: size, total: 7, pages: 1 });
    }
    for (const bad of [10, 51, 300])
      expect((await list(admin, { numItemsPerPage: bad })).statusCode).toBe(400);
  });

  test('pagination over more rows than a page', async () => {
    const other = await createTestApp();
    try {
      const user = await createUser(other, ['ROLE_ADMIN']);
      await createRequest(other.database.db, { numaffaire: '2025-0000' });
      await sql`INSERT INTO request (type, state_id, petitioner_id, numaffaire, deposit_date)
        SELECT 1, 3, petitioner_id, '2025-' || lpad(g::text, 4, '0'), deposit_date - make_interval(days => g)
        FROM request, generate_series(1, 54) AS g`.execute(other.database.db);
      const page = (n: number) =>
        other.app.inject({ method: 'GET', url: `/api/request?page=${String(n)}`, headers: user.headers });
      const page1 = await page(1);
      const page2 = await page(2);
      const page3 = await page(3);
      expect(page1.json().data).toHaveLength(50);
      expect(page2.json().data).toHaveLength(5);
      expect(page2.json().pagination).toEqual({ page: 2, numItemsPerPage: 50, total: 55, pages: 2 });
      expect(page3.json().data).toHaveLength(0);
      const all = [...page1.json().data, ...page2.json().data].map((row: { id: number }) => row.id);
      expect(new Set(all).size).toBe(55);
    } finally {
      await other.close();
    }
  }, 120_000);

  test('bad queries are 400 with French messages', async () => {
    expect((await list(admin, { searchSort: 'password' })).statusCode).toBe(400);
    expect((await list(admin, { searchDir: 'up' })).statusCode).toBe(400);
    expect((await list(admin, { type: 4 })).statusCode).toBe(400);
    expect((await list(admin, { searchFilter: '{nope' })).statusCode).toBe(400);
    expect((await list(admin, { searchFilter: JSON.stringify({ password: 'x' }) })).statusCode).toBe(400);
    expect((await list(admin, { searchFilter: JSON.stringify({ stateId: 42 }) })).statusCode).toBe(400);
    expect((await list(admin, { dateStartFrom: '2026-13-45' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/request' })).statusCode).toBe(401);
  });
});

describe('the signing notice is for admins and instructors (spec: roles and permissions)', () => {
  const signing = "Dossier envoyé en signature, en attente du retour de l'arrêté signé";
  async function detail(user: TestUser, id: number) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/request/${String(id)}`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json<{ data: Record<string, unknown> }>().data;
  }

  test('the applicant reads the plain state, the instructor and the admin the signing', async () => {
    const row = ((await list(alice)).json().data as { id: number }[]).find((r) => r.id === ids.a3sign);
    const plain = {
      state: { id: 3, name: 'Transférée pour instruction' },
      sendToSign: false,
      stateTooltip: 'Transférée pour instruction',
    };
    // Nor the tab, which would tell 'En signature' (2) from 'A traiter' (1).
    expect(row).toMatchObject({ ...plain, tab: null });
    const own = await detail(alice, ids.a3sign!);
    expect(own).toMatchObject(plain);
    expect(own.signatureRefusal ?? null).toBeNull();
    for (const staff of [instructor, admin]) {
      const signed = { state: { id: 3, name: 'En signature' }, sendToSign: true, stateTooltip: signing };
      const staffRow = ((await list(staff)).json().data as { id: number }[]).find((r) => r.id === ids.a3sign);
      expect(staffRow).toMatchObject({ ...signed, tab: 2 });
      expect(await detail(staff, ids.a3sign!)).toMatchObject(signed);
    }
  });
});

describe('GET request/count', () => {
  const count = (user: TestUser, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/request/count${query}`, headers: user.headers });

  test('counts per tab, honouring type and search, ignoring the tab', async () => {
    const res = await count(instructor, '?tab=3');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      aTraiter: 3,
      enInstruction: 2,
      enTravaux: 1,
      demandeReception: 0,
      receptionne: 0,
      archive: 1,
    });
    expect(Object.keys(res.json().data)).toEqual(LIST_TABS.map((tab) => tab.key));
    const typed = await count(admin, '?type=1&searchText=secret');
    expect(typed.json().data).toEqual({
      aTraiter: 1,
      enInstruction: 1,
      enTravaux: 0,
      demandeReception: 0,
      receptionne: 0,
      archive: 0,
    });
  });

  test('counts per state beside the tabs, with the same filters and visibility', async () => {
    const zeros = Object.fromEntries(STATE_IDS.map((id) => [String(id), 0]));
    const res = await count(instructor);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Record<string, number>; states: Record<string, number> }>();
    expect(body.states).toEqual({ ...zeros, '1': 1, '3': 3, '4': 1, '8': 1, '9': 1 });
    // The states add up to the tabs: one count, split two ways.
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(sum(body.states)).toBe(sum(body.data));
    const typed = await count(admin, '?type=1&searchText=secret');
    expect(typed.json<{ states: Record<string, number> }>().states).toEqual({ ...zeros, '3': 1, '8': 1 });
  });

  test('403 for others', async () => {
    expect((await count(alice)).statusCode).toBe(403);
  });
});

describe('demo requests', () => {
  test('seeds a deterministic, varied set once, visible to the demo accounts', async () => {
    const demo = await createTestApp();
    try {
      const { seedDemoAccounts } = await import('../src/users/demo-accounts.ts');
      const { seedDemoRequests } = await import('../src/seed/demo-requests.ts');
      const db = demo.database.db;
      await seedDemoAccounts(db);
      expect(await seedDemoRequests(db, { count: 300 })).toEqual({ created: 300 });
      expect(await seedDemoRequests(db, { count: 300 })).toEqual({ created: 0 });
      const { rows } = await sql<{ kinds: number; states: number; towns: number; geoms: number }>`
        SELECT count(DISTINCT type)::int AS kinds, count(DISTINCT state_id)::int AS states,
          count(DISTINCT address_city)::int AS towns, count(the_geom)::int AS geoms FROM request`.execute(db);
      // Every state but the transient 999 (a generation under way); the coordination showcase's
      // three permissions (demo-coordination.ts) and the combined request (demo-combined.ts)
      // beside the 300.
      expect(rows[0]).toEqual({ kinds: 3, states: 13, towns: 23, geoms: 304 });
      const decided = await sql<{
        undecided: number;
      }>`SELECT count(*)::int AS undecided FROM request r JOIN cerfa14023 c ON c.id = r.cerfa14023_id
        WHERE (r.state_id IN (4, 5) OR r.send_to_sign) AND c.is_favorable IS NULL`.execute(db);
      expect(decided.rows[0]?.undecided).toBe(0);
      const signIn = async (email: string) => {
        const user = await db
          .selectFrom('stdUser')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        return { authorization: `Bearer ${await demo.ctx.sessions.issue(user.id)}` };
      };
      const totalFor = async (email: string) =>
        (await demo.app.inject({ method: 'GET', url: '/api/request', headers: await signIn(email) })).json()
          .pagination.total as number;
      expect(await totalFor('admin@exemple.fr')).toBe(304);
      const mine = await totalFor('demandeur@exemple.fr');
      expect(mine).toBeGreaterThan(100);
      expect(mine).toBeLessThan(300);
      expect(await totalFor('guichet@exemple.fr')).toBeGreaterThan(10);
      expect(await totalFor('gestionnaire@exemple.fr')).toBeGreaterThan(0);
      expect(await totalFor('operateur@exemple.fr')).toBeGreaterThan(10);
      expect(await totalFor('soustraitant@exemple.fr')).toBeGreaterThan(5);
    } finally {
      await demo.close();
    }
  }, 120_000);
});
