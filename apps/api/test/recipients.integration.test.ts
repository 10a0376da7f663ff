import { beforeAll, describe, expect, test } from 'vitest';
import { VALIDATION_MESSAGES, notMemberTownMessage } from '@voirie/domain';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';

// The recipients screen's calls (docs/api-recipients.md): PUT city/{id} and
// GET, POST, DELETE contacts — administrators only, enforced by the server; every refusal
// leaves the towns, the contacts and the history as they were.

const t = testAppForFile({ DEPARTMENT_MAILBOX: 'routes@departement.test' });
const { admin, instructor, applicant } = accountsForFile(t, {
  admin: ['ROLE_ADMIN'],
  instructor: ['ROLE_INSTRUCTEUR'],
  applicant: ['ROLE_DEMANDEUR'],
});
let tosse: { id: number; name: string };
let capbreton: { id: number; name: string };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, user: TestUser | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const db = () => t.database.db;
const cityRow = (name: string) =>
  db().selectFrom('city').select(['id', 'name']).where('name', '=', name).executeTakeFirstOrThrow();

/** Everything the recipients routes may write. */
async function snapshot() {
  const [cities, contacts, history] = await Promise.all([
    db().selectFrom('city').select(['id', 'mailMairie', 'mailPm']).orderBy('id').execute(),
    db().selectFrom('contact').select(['id', 'inseeCode', 'name', 'email']).orderBy('id').execute(),
    db().selectFrom('historyLog').select(['id']).execute(),
  ]);
  return { cities, contacts, history: history.length };
}

beforeAll(async () => {
  tosse = await cityRow('Tosse');
  capbreton = await cityRow('Capbreton');
});

describe('who may call', () => {
  const routes = (): { method: Method; url: string; payload?: unknown }[] => [
    { method: 'GET', url: '/api/contacts' },
    {
      method: 'POST',
      url: '/api/contacts',
      payload: { email: 'voirie@seignosse.test', commune: 'Seignosse' },
    },
    { method: 'DELETE', url: '/api/contacts/1' },
    {
      method: 'PUT',
      url: `/api/city/${String(capbreton.id)}`,
      payload: { mailMairie: 'pirate@ailleurs.test', mailPM: '' },
    },
  ];

  test('anonymous: 401; instructor and applicant: 403 with a French detail; nothing written', async () => {
    const { id } = await db()
      .insertInto('contact')
      .values({ inseeCode: '40065', name: 'Capbreton', email: 'garde@capbreton.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await snapshot();
    for (const route of routes()) {
      const url = route.url.replace('/contacts/1', `/contacts/${String(id)}`);
      const anonymous = await call(route.method, url, null, route.payload);
      expect(anonymous.statusCode, `${route.method} ${url} anonyme`).toBe(401);
      expect(anonymous.json()).toMatchObject({
        success: false,
        code: 'UNAUTHENTICATED',
        message: 'Session expirée',
      });
      for (const user of [instructor, applicant]) {
        const refused = await call(route.method, url, user, route.payload);
        expect(refused.statusCode, `${route.method} ${url} ${user.email}`).toBe(403);
        expect(refused.json()).toMatchObject({
          success: false,
          code: 'FORBIDDEN',
          detail: "Vous n'avez pas les droits pour accéder à cette fonctionnalité.",
        });
      }
    }
    expect(await snapshot()).toEqual(before);
    // The administrator may do each of them.
    for (const route of routes()) {
      const url = route.url.replace('/contacts/1', `/contacts/${String(id)}`);
      expect(
        (await call(route.method, url, admin, route.payload)).statusCode,
        `${route.method} ${url} admin`,
      ).toBe(200);
    }
    // Put things back for the tests below.
    await db()
      .updateTable('city')
      .set({ mailMairie: null, mailPm: null })
      .where('id', '=', capbreton.id)
      .execute();
    await db().deleteFrom('contact').execute();
  });

  test('every signed-in user still reads the towns (the wizard and the reorientation need them)', async () => {
    for (const user of [admin, instructor, applicant])
      expect((await call('GET', '/api/cities', user)).statusCode).toBe(200);
  });
});

describe('PUT /api/city/:id', () => {
  test("sets the two e-mails, answers the town with 'email modifié' and traces it", async () => {
    const res = await call('PUT', `/api/city/${String(capbreton.id)}`, admin, {
      mailMairie: ' mairie@capbreton.test ',
      mailPM: 'police@capbreton.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'email modifié',
      data: {
        id: capbreton.id,
        name: 'Capbreton',
        insee: '40065',
        mailMairie: 'mairie@capbreton.test',
        mailPM: 'police@capbreton.test',
      },
    });
    const read = await call('GET', `/api/city/${String(capbreton.id)}`, instructor);
    expect(read.json()).toMatchObject({
      data: { mailMairie: 'mairie@capbreton.test', mailPM: 'police@capbreton.test' },
    });
    const listed = (await call('GET', '/api/cities', admin)).json<{
      data: { name: string; mailPM: string | null }[];
    }>().data;
    expect(listed.find((city) => city.name === 'Capbreton')?.mailPM).toBe('police@capbreton.test');
    const latest = await db()
      .selectFrom('historyLog')
      .selectAll()
      .where('entity', '=', 'city')
      .where('entityId', '=', capbreton.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(latest).toMatchObject({
      userId: admin.id,
      email: admin.email,
      context: 'Modification des e-mails de la commune',
    });
    expect(latest.data).toEqual({
      name: 'Capbreton',
      mailMairie: 'mairie@capbreton.test',
      mailPM: 'police@capbreton.test',
    });
  });

  test("'' clears an e-mail; an absent field is kept", async () => {
    const res = await call('PUT', `/api/city/${String(capbreton.id)}`, admin, { mailPM: '' });
    expect(res.json()).toMatchObject({ data: { mailMairie: 'mairie@capbreton.test', mailPM: null } });
    const cleared = await call('PUT', `/api/city/${String(capbreton.id)}`, admin, {
      mailMairie: '',
      mailPM: null,
    });
    expect(cleared.json()).toMatchObject({ data: { mailMairie: null, mailPM: null } });
    const row = await db()
      .selectFrom('city')
      .select(['mailMairie', 'mailPm'])
      .where('id', '=', capbreton.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mailMairie: null, mailPm: null });
  });

  test('a bad e-mail: 400 with the domain message; an unknown town: 404; a bad id: 400; nothing written', async () => {
    const before = await snapshot();
    const bad = await call('PUT', `/api/city/${String(capbreton.id)}`, admin, {
      mailMairie: 'pas-une-adresse',
      mailPM: 'police@capbreton.test',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(bad.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      { path: 'mailMairie', message: `${VALIDATION_MESSAGES.emailInvalid} (mailMairie)` },
    ]);
    const missing = await call('PUT', '/api/city/999999', admin, { mailMairie: 'mairie@nulle-part.test' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: "Cette commune n'existe pas." });
    expect((await call('PUT', '/api/city/abc', admin, { mailMairie: '' })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/city/${String(capbreton.id)}`, admin, { mailMairie: 42 })).statusCode,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test("a mayor's-office e-mail set here makes the town a reorientation target", async () => {
    const { id } = await createRequest(db(), {
      owner: applicant,
      state: 3,
      kind: 1,
      city: 'Tosse',
      insee: '40317',
      instructeurId: instructor.id,
    });
    const targets = () => call('GET', `/api/request/${String(id)}/reorientation-targets`, instructor);
    const before = (await targets()).json<{ data: { value: string; mail: string | null }[] }>().data;
    expect(before.find((target) => target.value === 'mairie')?.mail).toBeNull();
    expect(
      (
        await call('PUT', `/api/city/${String(tosse.id)}`, admin, {
          mailMairie: 'urbanisme@tosse.test',
          mailPM: '',
        })
      ).statusCode,
    ).toBe(200);
    const after = (await targets()).json<{ data: { value: string; mail: string | null }[] }>().data;
    expect(after.find((target) => target.value === 'mairie')?.mail).toBe('urbanisme@tosse.test');
  });
});

describe('contacts', () => {
  test('POST resolves the town by name to its INSEE code; GET lists by town then e-mail', async () => {
    const added = await call('POST', '/api/contacts', admin, {
      email: 'voirie@saint-geours.test',
      commune: 'st geours de maremne',
    });
    expect(added.statusCode).toBe(200);
    const contact = added.json<{ data: { id: number } }>().data;
    expect(added.json()).toEqual({
      success: true,
      message: 'Contact ajouté.',
      data: { id: contact.id, name: 'Saint-Geours-de-Maremne', email: 'voirie@saint-geours.test' },
    });
    const row = await db()
      .selectFrom('contact')
      .selectAll()
      .where('id', '=', contact.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ inseeCode: '40261', name: 'Saint-Geours-de-Maremne' });
    await call('POST', '/api/contacts', admin, { email: 'b@angresse.test', commune: 'Angresse' });
    await call('POST', '/api/contacts', admin, { email: 'a@angresse.test', commune: 'ANGRESSE' });
    await call('POST', '/api/contacts', admin, { email: 'bureau@benesse.test', commune: 'Bénesse-Maremne' });
    const list = (await call('GET', '/api/contacts', admin)).json<{
      data: { id: number; name: string; email: string }[];
    }>().data;
    expect(list.map((c) => `${c.name} ${c.email}`)).toEqual([
      'Angresse a@angresse.test',
      'Angresse b@angresse.test',
      'Bénesse-Maremne bureau@benesse.test',
      'Saint-Geours-de-Maremne voirie@saint-geours.test',
    ]);
    expect(Object.keys(list[0]!).sort()).toEqual(['email', 'id', 'name']);
    const history = await db()
      .selectFrom('historyLog')
      .selectAll()
      .where('entity', '=', 'contact')
      .where('entityId', '=', contact.id)
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ userId: admin.id, context: "Ajout d'un contact" });
  });

  test('the same town and e-mail twice: 409 in French, nothing written', async () => {
    const before = await snapshot();
    const again = await call('POST', '/api/contacts', admin, {
      email: 'VOIRIE@saint-geours.test',
      commune: 'Saint-Geours-de-Maremne',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: 'Le contact VOIRIE@saint-geours.test existe déjà pour la commune Saint-Geours-de-Maremne.',
    });
    expect(await snapshot()).toEqual(before);
    // The same e-mail for another town is another contact.
    expect(
      (await call('POST', '/api/contacts', admin, { email: 'voirie@saint-geours.test', commune: 'Tosse' }))
        .statusCode,
    ).toBe(200);
  });

  test('bad input: 400 with the domain messages, nothing written', async () => {
    const before = await snapshot();
    const outside = await call('POST', '/api/contacts', admin, {
      email: 'mairie@bayonne.test',
      commune: 'Bayonne',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ message: string }>().message).toContain(notMemberTownMessage('Bayonne'));
    const badMail = await call('POST', '/api/contacts', admin, {
      email: 'pas-une-adresse',
      commune: 'Tosse',
    });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json<{ message: string }>().message).toContain(VALIDATION_MESSAGES.emailInvalid);
    const empty = await call('POST', '/api/contacts', admin, { email: '', commune: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ errors: { path: string; message: string }[] }>().errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: `${VALIDATION_MESSAGES.required} (email)` },
        { path: 'commune', message: expect.stringContaining(VALIDATION_MESSAGES.required) as string },
      ]),
    );
    expect((await call('POST', '/api/contacts', admin, {})).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test('DELETE removes one contact and traces it; unknown: 404; bad id: 400', async () => {
    const { id } = await db()
      .selectFrom('contact')
      .select('id')
      .where('email', '=', 'bureau@benesse.test')
      .executeTakeFirstOrThrow();
    const removed = await call('DELETE', `/api/contacts/${String(id)}`, admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      success: true,
      data: { id, name: 'Bénesse-Maremne', email: 'bureau@benesse.test' },
    });
    expect(
      await db().selectFrom('contact').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    const history = await db()
      .selectFrom('historyLog')
      .select('context')
      .where('entity', '=', 'contact')
      .where('entityId', '=', id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.context)).toEqual(["Ajout d'un contact", "Suppression d'un contact"]);
    const before = await snapshot();
    const again = await call('DELETE', `/api/contacts/${String(id)}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', message: "Ce contact n'existe pas." });
    expect((await call('DELETE', '/api/contacts/pas-un-id', admin)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
