import { Readable } from 'node:stream';
import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { testAppForFile } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';
import { PDF } from './filing-helpers.ts';
import { insertGroup, insertMandate, linkAccount, territoryId } from './groups-helpers.ts';
import { ACTION_ROUTES } from '../src/requests/workflow/action-routes.ts';

// Who sees what, server-enforced on every read path alike: role × request (inside or
// outside the role's perimeter) × route — list, count, map features, export, detail, document
// file, mails, history. Each cell is compared with a hand-written expectation: an account seen a
// request it should not is an unexpected allow; one it should see and does not, a missed row.
// Both must be 0. The road manager, who sees its perimeter, acts on nothing (read-only).

const t = testAppForFile({}, { dataDir: 'visibility' });

const ROLES = {
  admin: ['ROLE_ADMIN'],
  instructeur: ['ROLE_INSTRUCTEUR'],
  demandeur: ['ROLE_DEMANDEUR'],
  stranger: ['ROLE_DEMANDEUR'],
  guichet: ['ROLE_GUICHET'],
  gestionnaire: ['ROLE_GESTIONNAIRE'],
  operateur: ['ROLE_OPERATEUR'],
  soustraitant: ['ROLE_SOUSTRAITANT'],
  colleague: ['ROLE_SOUSTRAITANT'],
} as const;
type Who = keyof typeof ROLES;
const WHO = Object.keys(ROLES) as Who[];
const users = {} as Record<Who, TestUser>;

// The subcontractor group TP Côte Sud is mandated by Réseaux Sud Landes for 2026 only (Paris days).
const IN_2026 = '2026-03-10T09:00:00Z';
/** 31/12/2025 at 23:30 in Paris: the day before the mandate. */
const EVE = '2025-12-31T22:30:00Z';
/** 01/01/2026 at 00:30 in Paris (still 31/12 in UTC): the mandate's first day. */
const NEW_YEAR = '2025-12-31T23:30:00Z';

interface Spec {
  owner: Who | null;
  insee: string;
  operator?: 'o1' | 'o2';
  deposit?: string;
}

/** The requests: where they are, who filed them, for which operator, when. */
const REQUESTS = {
  capbretonStranger: { owner: 'stranger', insee: '40065' },
  seignosseStranger: { owner: 'stranger', insee: '40296' },
  soustonsStranger: { owner: 'stranger', insee: '40310' },
  o1Stranger: { owner: 'stranger', insee: '40310', operator: 'o1' },
  o2Stranger: { owner: 'stranger', insee: '40310', operator: 'o2' },
  o1Capbreton: { owner: 'stranger', insee: '40065', operator: 'o1' },
  subcontractorOwn: { owner: 'soustraitant', insee: '40310' },
  colleagueO1In: { owner: 'colleague', insee: '40310', operator: 'o1', deposit: IN_2026 },
  colleagueO1Eve: { owner: 'colleague', insee: '40310', operator: 'o1', deposit: EVE },
  colleagueO1NewYear: { owner: 'colleague', insee: '40310', operator: 'o1', deposit: NEW_YEAR },
  colleagueO2: { owner: 'colleague', insee: '40310', operator: 'o2', deposit: IN_2026 },
  colleagueNoOperator: { owner: 'colleague', insee: '40310', deposit: IN_2026 },
  guichetOwnElsewhere: { owner: 'guichet', insee: '40310' },
  demandeurSeignosse: { owner: 'demandeur', insee: '40296' },
  noOwnerCapbreton: { owner: null, insee: '40065' },
} as const satisfies Record<string, Spec>;
type Key = keyof typeof REQUESTS;
const KEYS = Object.keys(REQUESTS) as Key[];

/** Hand-written: what each account sees (instructors and admins: everything). */
const SEES: Record<Exclude<Who, 'admin' | 'instructeur'>, readonly Key[]> = {
  demandeur: ['demandeurSeignosse'],
  stranger: [
    'capbretonStranger',
    'seignosseStranger',
    'soustonsStranger',
    'o1Stranger',
    'o2Stranger',
    'o1Capbreton',
  ],
  // Its town (Capbreton), and what it filed elsewhere.
  guichet: ['capbretonStranger', 'o1Capbreton', 'noOwnerCapbreton', 'guichetOwnElsewhere'],
  // Its perimeter (Seignosse), read-only.
  gestionnaire: ['seignosseStranger', 'demandeurSeignosse'],
  // Attached to its operator, whoever filed them and whenever.
  operateur: ['o1Stranger', 'o1Capbreton', 'colleagueO1In', 'colleagueO1Eve', 'colleagueO1NewYear'],
  // Its own, and what its group filed under the mandate (the Paris day counts).
  soustraitant: ['subcontractorOwn', 'colleagueO1In', 'colleagueO1NewYear'],
  colleague: ['colleagueO1In', 'colleagueO1Eve', 'colleagueO1NewYear', 'colleagueO2', 'colleagueNoOperator'],
};
const expected = (who: Who, key: Key) => who === 'admin' || who === 'instructeur' || SEES[who].includes(key);

const ids = {} as Record<Key, { id: number; publicId: string; documentId: number }>;

beforeAll(async () => {
  const db = t.database.db;
  for (const who of WHO) users[who] = await createUser(t, [...ROLES[who]]);
  const o1 = await insertGroup(db, {
    libelle: 'Réseaux Sud Landes',
    code: '12345678900015',
    type: 'operator',
    members: [await territoryId(db, 'epci')],
  });
  const o2 = await insertGroup(db, { libelle: 'Eau Côte Sud', code: '98765432100015', type: 'operator' });
  const s1 = await insertGroup(db, { libelle: 'TP Côte Sud', code: '11122233300010', type: 'soustraitant' });
  await insertMandate(db, {
    soustraitantId: s1,
    operatorId: o1,
    dateFrom: '2026-01-01',
    dateTo: '2026-12-31',
  });
  await linkAccount(db, users.guichet.id, await territoryId(db, 'town', '40065'), 'guichet');
  await linkAccount(db, users.gestionnaire.id, await territoryId(db, 'town', '40296'), 'gestionnaire');
  await linkAccount(db, users.operateur.id, o1, 'operateur');
  await linkAccount(db, users.soustraitant.id, s1, 'soustraitant');
  await linkAccount(db, users.colleague.id, s1, 'soustraitant');
  // A link without its role gives nothing: the applicant was once attached to the operator.
  await linkAccount(db, users.demandeur.id, o1, 'operateur');

  const received = await t.ctx.filing.store.receive(Readable.from([PDF]));
  const stored = await t.ctx.filing.store.put(received);
  for (const key of KEYS) {
    const spec: Spec = REQUESTS[key];
    const owner = spec.owner === null ? null : users[spec.owner];
    const created = await createRequest(db, {
      owner,
      state: 3,
      insee: spec.insee,
      operatorPerimeterId: spec.operator === 'o1' ? o1 : spec.operator === 'o2' ? o2 : null,
      ...(spec.deposit ? { depositDate: spec.deposit } : {}),
      ...(owner ? {} : { petitioner: { email: 'guichet-papier@exemple.fr', stdUserId: null } }),
    });
    const document = await db
      .insertInto('document')
      .values({
        requestId: created.id,
        stdUserId: owner?.id ?? null,
        typeDocumentId: 1,
        name: 'plan.pdf',
        mimeType: 'application/pdf',
        size: received.size,
        sha256: received.sha256,
        storageKey: stored.storageKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = { ...created, documentId: document.id };
  }
});

const get = (who: Who, url: string) => t.app.inject({ method: 'GET', url, headers: users[who].headers });
const keyOfId = (id: number) => KEYS.find((key) => ids[key].id === id);

type Route = 'list' | 'count' | 'map' | 'export' | 'detail' | 'document' | 'mails' | 'history';

/** What one account reaches, per route and request. */
async function reached(who: Who): Promise<Record<Route, Set<Key>>> {
  const staff = who === 'admin' || who === 'instructeur';
  const list = await get(who, '/api/request?numItemsPerPage=250');
  expect(list.statusCode, list.body).toBe(200);
  const page = list.json<{
    data: { id: number }[];
    features: { features: { properties: { id: number } }[] };
    pagination: { total: number };
  }>();
  const listed = page.data.map((row) => row.id);
  expect(page.pagination.total, `${who}: the list's total`).toBe(listed.length);
  const exported = await get(who, staff ? '/api/export/admin' : '/api/export');
  expect(exported.statusCode).toBe(200);
  const exportedIds = exported.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => Number(line.split(';')[0]));
  const sets: Record<Route, Set<Key>> = {
    list: new Set(listed.map(keyOfId).filter((key) => key !== undefined)),
    count: new Set(),
    map: new Set(
      page.features.features.map((f) => keyOfId(f.properties.id)).filter((key) => key !== undefined),
    ),
    export: new Set(exportedIds.map(keyOfId).filter((key) => key !== undefined)),
    detail: new Set(),
    document: new Set(),
    mails: new Set(),
    history: new Set(),
  };
  if (!staff) {
    // Counts per tab are the staff's: anyone else is refused them whole.
    expect((await get(who, '/api/request/count')).statusCode).toBe(403);
  }
  for (const key of KEYS) {
    const { id, publicId, documentId } = ids[key];
    const status = async (url: string) => {
      const res = await get(who, url);
      expect([200, 404], `${who} ${url}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      return res.statusCode === 200;
    };
    if (staff) {
      const filter = encodeURIComponent(JSON.stringify({ id }));
      const counts = (await get(who, `/api/request/count?searchFilter=${filter}`)).json<{
        data: Record<string, number>;
      }>().data;
      if (Object.values(counts).reduce((sum, n) => sum + n, 0) > 0) sets.count.add(key);
    }
    if (await status(`/api/request/${publicId}`)) sets.detail.add(key);
    if (await status(`/api/document/${String(documentId)}/file`)) sets.document.add(key);
    if (await status(`/api/mails/${String(id)}`)) sets.mails.add(key);
    if (await status(`/api/log/request/${String(id)}`)) sets.history.add(key);
  }
  return sets;
}

describe('who sees what: role × inside/outside × route', () => {
  test('0 unexpected allows, 0 missed rows', { timeout: 120_000 }, async () => {
    const figures = { cells: 0, allows: 0, unexpectedAllows: [] as string[], missedRows: [] as string[] };
    for (const who of WHO) {
      const sets = await reached(who);
      const routes = (Object.keys(sets) as Route[]).filter(
        (route) => route !== 'count' || who === 'admin' || who === 'instructeur',
      );
      for (const route of routes) {
        for (const key of KEYS) {
          figures.cells += 1;
          const seen = sets[route].has(key);
          if (seen) figures.allows += 1;
          if (seen && !expected(who, key)) figures.unexpectedAllows.push(`${who} ${route} ${key}`);
          if (!seen && expected(who, key)) figures.missedRows.push(`${who} ${route} ${key}`);
        }
      }
    }
    console.log(
      `visibility matrix: ${String(figures.cells)} cells (${String(WHO.length)} accounts × ${String(KEYS.length)} requests × 8 routes, counts for staff only), ` +
        `${String(figures.allows)} allowed, ${String(figures.unexpectedAllows.length)} unexpected allows, ${String(figures.missedRows.length)} missed rows`,
    );
    expect(figures.unexpectedAllows).toEqual([]);
    expect(figures.missedRows).toEqual([]);
    expect(figures.cells).toBe(WHO.length * KEYS.length * 7 + 2 * KEYS.length);
  });

  test('a subcontractor who leaves its group no longer sees its colleagues’ requests, only its own', async () => {
    const db = t.database.db;
    const before = await get('soustraitant', `/api/request/${ids.colleagueO1In.publicId}`);
    expect(before.statusCode).toBe(200);
    const link = await db
      .deleteFrom('userPerimeter')
      .where('userId', '=', users.colleague.id)
      .returning(['userId', 'perimeterId', 'kind'])
      .executeTakeFirstOrThrow();
    try {
      // Filed by an account no longer in the group: not under the group's mandate any more.
      expect((await get('soustraitant', `/api/request/${ids.colleagueO1In.publicId}`)).statusCode).toBe(404);
      expect((await get('colleague', `/api/request/${ids.colleagueO1In.publicId}`)).statusCode).toBe(200);
    } finally {
      await db.insertInto('userPerimeter').values(link).execute();
    }
  });
});

describe('the road manager reads, never acts', () => {
  async function snapshot(id: number) {
    const db = t.database.db;
    const row = await db
      .selectFrom('request')
      .select(['stateId', 'sendToSign', 'updatedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const counted = await sql<{ history: number; documents: number; mails: number }>`
      SELECT (SELECT count(*)::int FROM history_log WHERE entity = 'request' AND entity_id = ${id}) AS history,
        (SELECT count(*)::int FROM document WHERE request_id = ${id}) AS documents,
        (SELECT count(*)::int FROM mail_outbox WHERE request_id = ${id}) AS mails`.execute(db);
    return { row, ...counted.rows[0] };
  }

  test('its request page offers no action; every workflow route and the upload refuse it, nothing changed', async () => {
    const { id, publicId } = ids.seignosseStranger;
    const detail = await get('gestionnaire', `/api/request/${publicId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.actions).toEqual([]);
    expect(detail.json().data.abilities).toMatchObject({ cancel: false });
    const before = await snapshot(id);
    const routes = [
      ...new Set(Object.values(ACTION_ROUTES).map((route) => `${route.method} ${route.url}`)),
    ].filter((route) => route !== 'POST /api/request');
    for (const route of routes) {
      const [method, url] = route.split(' ') as ['POST' | 'PUT', string];
      const res = await t.app.inject({
        method,
        url: url.replace(':id', String(id)).replace(':kind', 'minutes'),
        headers: users.gestionnaire.headers,
        payload: {},
      });
      expect(res.statusCode, `${route}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, route).not.toBe(404);
    }
    // Its parties and form change only through the workflow; its pieces are not its to delete.
    const links = await t.database.db
      .selectFrom('request')
      .select(['petitionerId'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    for (const [method, url] of [
      ['PUT', `/api/petitioner/${String(links.petitionerId)}`],
      ['DELETE', `/api/document/${String(ids.seignosseStranger.documentId)}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: users.gestionnaire.headers, payload: {} });
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/document',
      headers: { ...users.gestionnaire.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="requestId"\r\n\r\n${String(id)}\r\n--x\r\nContent-Disposition: form-data; name="typeDocumentId"\r\n\r\n1\r\n--x--\r\n`,
    });
    expect(upload.statusCode, upload.body).toBe(403);
    expect(await snapshot(id)).toEqual(before);
  });
});
