import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { MAIL_STATUS_TEXTS, WORKFLOW_MESSAGES } from '@voirie/domain';
import { testAppForFile } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';
import { linkAccount, territoryId } from './groups-helpers.ts';

const t = testAppForFile();
let admin: TestUser;
let instructor: TestUser;
let both: TestUser;
let alice: TestUser;
let bob: TestUser;
let guichet: TestUser;
let operateur: TestUser;
let soustraitant: TestUser;
let operatorId: number;
const ids = { alice: 0, bobCapbreton: 0, bobBenefAlice: 0, bobTypedAlice: 0, operator: 0 };

beforeAll(async () => {
  const db = t.database.db;
  admin = await createUser(t, ['ROLE_ADMIN']);
  instructor = await createUser(t, ['ROLE_INSTRUCTEUR']);
  both = await createUser(t, ['ROLE_ADMIN', 'ROLE_INSTRUCTEUR']);
  alice = await createUser(t, ['ROLE_DEMANDEUR'], { firstName: 'Alice', lastName: 'Martin' });
  bob = await createUser(t, ['ROLE_DEMANDEUR'], { firstName: 'Bob', lastName: 'Secret' });
  guichet = await createUser(t, ['ROLE_GUICHET']);
  operateur = await createUser(t, ['ROLE_OPERATEUR']);
  soustraitant = await createUser(t, ['ROLE_SOUSTRAITANT']);
  await linkAccount(db, guichet.id, await territoryId(db, 'town', '40065'), 'guichet');
  operatorId = (
    await db
      .insertInto('perimeter')
      .values({ libelle: 'Réseaux Sud Landes', type: 'operator', code: '12345678900011' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await linkAccount(db, operateur.id, operatorId, 'operateur');

  ids.alice = (await createRequest(db, { owner: alice, state: 3, insee: '40310', city: 'Soustons' })).id;
  ids.bobCapbreton = (
    await createRequest(db, {
      owner: bob,
      state: 3,
      insee: '40065',
      numaffaire: 'SECRET-1',
      petitioner: { firstName: 'Bob', lastName: 'Secret', email: bob.email },
    })
  ).id;
  // Alice accepted the invitation to this one (her account is the beneficiary's)…
  ids.bobBenefAlice = (
    await createRequest(db, {
      owner: bob,
      state: 4,
      insee: '40310',
      petitioner: { firstName: 'Bob', lastName: 'Secret', email: bob.email },
      beneficiary: { email: alice.email, stdUserId: alice.id },
    })
  ).id;
  // …while here Bob only typed her address: a typed e-mail gives no access.
  ids.bobTypedAlice = (
    await createRequest(db, {
      owner: bob,
      state: 4,
      insee: '40310',
      petitioner: { firstName: 'Bob', lastName: 'Secret', email: alice.email },
      beneficiary: { email: alice.email.toUpperCase() },
    })
  ).id;
  ids.operator = (
    await createRequest(db, {
      owner: soustraitant,
      state: 9,
      insee: '40310',
      operatorPerimeterId: operatorId,
      petitioner: { email: soustraitant.email },
    })
  ).id;
  for (const state of [1, 2, 4, 5, 6, 7, 8, 9, 10])
    await createRequest(db, { owner: alice, state, insee: '40310' });
});

async function visible(user: TestUser): Promise<number[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/request?numItemsPerPage=250',
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
}

describe('visibility per role', () => {
  test("an applicant sees its own requests and those where it is beneficiary, never another applicant's", async () => {
    const seen = await visible(alice);
    expect(seen).toContain(ids.alice);
    expect(seen).toContain(ids.bobBenefAlice);
    expect(seen).not.toContain(ids.bobTypedAlice);
    expect(seen).not.toContain(ids.bobCapbreton);
    expect(seen).not.toContain(ids.operator);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/request?searchText=secret-1',
      headers: alice.headers,
    });
    expect(res.json().pagination.total).toBe(0);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/request/${String(ids.bobCapbreton)}`,
          headers: alice.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/request/${String(ids.alice)}`,
          headers: alice.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/mails/${String(ids.bobTypedAlice)}`,
          headers: alice.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await visible(bob)).sort()).toEqual(
      [ids.bobCapbreton, ids.bobBenefAlice, ids.bobTypedAlice].sort((a, b) => a - b),
    );
  });

  test('guichet: its perimeter; operator: its operator; subcontractor: its own; instructor and admin: all', async () => {
    const all = await visible(admin);
    expect(all).toHaveLength(14);
    expect(await visible(instructor)).toEqual(all);
    expect(await visible(guichet)).toEqual([ids.bobCapbreton]);
    expect(await visible(operateur)).toEqual([ids.operator]);
    expect(await visible(soustraitant)).toEqual([ids.operator]);
  });

  test("another applicant's request is not in the export either", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    const exported = lines.map((line) => Number(line.split(';')[0])).sort((a, b) => a - b);
    expect(exported).toEqual(await visible(alice));
    expect(res.body).not.toContain('SECRET-1');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/export/admin', headers: alice.headers })).statusCode,
    ).toBe(403);
  });
});

describe('export CSV', () => {
  test('BOM, header, ; separators, CRLF, accents, quoting, filters', async () => {
    await createRequest(t.database.db, {
      owner: alice,
      state: 3,
      insee: '40296',
      city: 'Seignosse',
      addressName: 'du "Phare"; nord',
      dateStart: '2026-07-14',
      petitioner: { corporationName: 'Élagage Côte Sud', corporationAgent: 'Hélène' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url:
        '/api/export/admin?searchFilter=' + encodeURIComponent(JSON.stringify({ addressCity: 'seignosse' })),
      headers: instructor.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Export.csv"');
    expect(
      res.body.startsWith(
        '\uFEFFN°;Type;Statut;Localisation;Demandeur;Numéro affaire;Ville;Dépôt;Début;Fin;Alignement;Arrêté de circulation (cerfa 14024);Instructeur;',
      ),
    ).toBe(true);
    const lines = res.body.split('\r\n');
    expect(lines).toHaveLength(3); // header, one row, trailing empty
    expect(lines[1]).toContain(
      ';Permission de voirie - Réseaux;Transférée pour instruction;"1 rue du ""Phare""; nord";Élagage Côte Sud - Hélène;',
    );
    expect(lines[1]).toContain(';Seignosse;');
    expect(lines[1]).toContain(';14/07/2026;');
    // Neither an alignment nor a traffic order filed with it.
    expect(lines[1]).toContain(';Non;Non;');
    const plain = await t.app.inject({ method: 'GET', url: '/api/export?type=2', headers: admin.headers });
    expect(plain.body.split('\r\n')[0]).toBe(
      '\uFEFFN°;Type;Statut;Localisation;Demandeur;Numéro affaire;Ville;Dépôt;Début;Fin;Alignement;Arrêté de circulation (cerfa 14024)',
    );
    expect(plain.body.split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('cancel', () => {
  async function cancel(user: TestUser, id: number) {
    return t.app.inject({ method: 'POST', url: `/api/request/${String(id)}/cancel`, headers: user.headers });
  }
  async function snapshot(id: number) {
    const db = t.database.db;
    const request = await db
      .selectFrom('request')
      .select(['stateId', 'exState', 'updatedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const history = await db
      .selectFrom('historyLog')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('entity', '=', 'request')
      .where('entityId', '=', id)
      .executeTakeFirstOrThrow();
    const mails = await db
      .selectFrom('mailOutbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('requestId', '=', id)
      .executeTakeFirstOrThrow();
    return { request, history: history.n, mails: mails.n };
  }

  test('the applicant cancels its request in state 3: state 1, history, mail, "Demande annulée"', async () => {
    const { id } = await createRequest(t.database.db, { owner: alice, state: 3 });
    const res = await cancel(alice, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Demande annulée',
      data: { id, stateId: 1, state: { name: 'Annulée' } },
    });
    const after = await snapshot(id);
    expect(after).toMatchObject({ request: { stateId: 1, exState: 3 }, history: 1, mails: 1 });
    const mails = await t.app.inject({
      method: 'GET',
      url: `/api/mails/${String(id)}`,
      headers: alice.headers,
    });
    expect(mails.json().data[0]).toMatchObject({
      status: 'queued',
      statusText: MAIL_STATUS_TEXTS.queued,
      context: 'Annulation de la demande',
    });
  });

  test.each([
    ['applicant, state 4', 'alice', 4, 409],
    ['applicant, state 8', 'alice', 8, 409],
    ['admin, state 9', 'admin', 9, 409],
    ['admin + instructor, state 4 (cancels as a requester)', 'both', 4, 409],
    ['instructor, state 2', 'instructor', 2, 409],
    ['instructor, state 10', 'instructor', 10, 409],
    ['instructor, state 1', 'instructor', 1, 409],
    ['guichet in its perimeter', 'guichet', 3, 403],
    ['the beneficiary (not the owner)', 'aliceBenef', 3, 403],
  ])('refused: %s, nothing changed', async (_label, who, state, status) => {
    const db = t.database.db;
    const user = { alice, admin, both, instructor, guichet, aliceBenef: alice }[who]!;
    const owner = who === 'aliceBenef' ? bob : alice;
    const { id } = await createRequest(db, {
      owner,
      state,
      insee: '40065',
      petitioner: { email: owner.email },
      ...(who === 'aliceBenef' ? { beneficiary: { email: alice.email, stdUserId: alice.id } } : {}),
    });
    const before = await snapshot(id);
    const res = await cancel(user, id);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(status === 403 ? WORKFLOW_MESSAGES.role : WORKFLOW_MESSAGES.state);
    expect(await snapshot(id)).toEqual(before);
  });

  test("another applicant's request is a 404, nothing changed", async () => {
    const before = await snapshot(ids.bobCapbreton);
    expect((await cancel(alice, ids.bobCapbreton)).statusCode).toBe(404);
    expect(await snapshot(ids.bobCapbreton)).toEqual(before);
  });

  test.each([3, 4, 6, 7, 8, 9])('an instructor cancels in state %i', async (state) => {
    const { id } = await createRequest(t.database.db, { owner: alice, state });
    const res = await cancel(instructor, id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await snapshot(id)).request.stateId).toBe(1);
  });

  test('admin cancels in state 3, by opaque id', async () => {
    const { id, publicId } = await createRequest(t.database.db, { owner: alice, state: 3 });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/request/${publicId}/cancel`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    expect((await snapshot(id)).request.stateId).toBe(1);
  });
});

describe('mail history and webhook', () => {
  test("mails/{id}: the request's mails with status texts, empty list, visibility", async () => {
    const db = t.database.db;
    const { id } = await createRequest(db, { owner: alice, state: 3 });
    const empty = await t.app.inject({
      method: 'GET',
      url: `/api/mails/${String(id)}`,
      headers: alice.headers,
    });
    expect(empty.json()).toMatchObject({ success: true, data: [] });
    await db
      .insertInto('mailLog')
      .values([
        {
          requestId: id,
          toAddress: alice.email,
          subject: 'A',
          context: 'Dépôt',
          status: 'hardbounced',
          mailjetId: 'mj-1',
          userId: alice.id,
        },
        {
          requestId: id,
          toAddress: alice.email,
          subject: 'B',
          context: 'Complétude',
          status: 'opened',
          mailjetId: 'mj-2',
        },
      ])
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/mails/${String(id)}`,
      headers: instructor.headers,
    });
    const data = res.json().data as {
      mailjetId: string;
      statusText: string;
      isError: boolean;
      stdUser: { email: string };
    }[];
    const byId = Object.fromEntries(data.map((row) => [row.mailjetId, row]));
    expect(byId['mj-1']).toMatchObject({
      statusText: MAIL_STATUS_TEXTS.error,
      isError: true,
      stdUser: { email: alice.email },
    });
    expect(byId['mj-2']).toMatchObject({ statusText: MAIL_STATUS_TEXTS.opened, isError: false });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/mails/${String(id)}`, headers: bob.headers }))
        .statusCode,
    ).toBe(404);

    // The webhook: 404 without the setting, 401 with a wrong secret, updates with the right one.
    delete process.env.MAIL_WEBHOOK_SECRET;
    const hook = (headers: Record<string, string>, payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/webhooks/mail', headers, payload: payload as object });
    expect((await hook({}, { event: 'open', MessageID: 'mj-1' })).statusCode).toBe(404);
    process.env.MAIL_WEBHOOK_SECRET = 's3cret-webhook';
    try {
      expect(
        (await hook({ 'x-webhook-secret': 'wrong' }, { event: 'open', MessageID: 'mj-1' })).statusCode,
      ).toBe(401);
      const ok = await hook({ 'x-webhook-secret': 's3cret-webhook' }, [
        { event: 'click', MessageID: 'mj-1' },
        { event: 'bounce', MessageID: 'mj-2', hard_bounce: false },
        { event: 'whatever', MessageID: 'mj-2' },
      ]);
      expect(ok.json()).toMatchObject({ success: true, data: { updated: 2 } });
      const after = (
        await t.app.inject({ method: 'GET', url: `/api/mails/${String(id)}`, headers: alice.headers })
      ).json().data as { mailjetId: string; status: string }[];
      expect(Object.fromEntries(after.map((row) => [row.mailjetId, row.status]))).toEqual({
        'mj-1': 'clicked',
        'mj-2': 'softbounced',
      });
    } finally {
      delete process.env.MAIL_WEBHOOK_SECRET;
    }
  });
});
