import { describe, expect, test } from 'vitest';
import { NOT_IN_COMPLETENESS_MESSAGE, UPLOAD_MESSAGES } from '@voirie/domain';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { PDF, filingParts, filingPayload, multipart, type Part } from './filing-helpers.ts';

const t = testAppForFile({}, { dataDir: 'filing-update', geo: true });
const { alice, bob, instructor, admin, gestionnaire } = accountsForFile(t, {
  alice: ['ROLE_DEMANDEUR'],
  bob: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
  admin: ['ROLE_ADMIN'],
  gestionnaire: ['ROLE_GESTIONNAIRE'],
});

const send = (method: 'PUT' | 'POST', url: string, user: TestUser, parts: readonly Part[]) => {
  const body = multipart(parts);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...user.headers } });
};

/** A kind-1 request of `owner` in `state`, asked for `missing` pieces when in state 8. */
async function requestOf(owner: TestUser, state: number, missing: number[] = []) {
  const created = await createRequest(t.database.db, { owner, state, kind: 1, instructeurId: instructor.id });
  for (const typeDocumentId of missing)
    await t.database.db
      .insertInto('requestMissingDocument')
      .values({ requestId: created.id, typeDocumentId })
      .execute();
  return created;
}

describe('PUT request/{id}: completion of a request in state 8', () => {
  test("an applicant cannot update another's request (404), nor its own out of state 8 (409)", async () => {
    const bobs = await requestOf(bob, 8, [5]);
    const res = await send(
      'PUT',
      `/api/request/${String(bobs.id)}`,
      alice,
      filingParts(filingPayload(1), [5]),
    );
    expect(res.statusCode).toBe(404);
    const filed = await requestOf(alice, 3);
    const refused = await send(
      'PUT',
      `/api/request/${String(filed.id)}`,
      alice,
      filingParts(filingPayload(1), [5]),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(NOT_IN_COMPLETENESS_MESSAGE);
    // An instructor does not complete in the applicant's place (the workflow's 'complete').
    expect(
      (await send('PUT', `/api/request/${String(bobs.id)}`, instructor, filingParts(filingPayload(1), [5])))
        .statusCode,
    ).toBe(403);
  });

  test('each missing type must be among the files sent, named in the message', async () => {
    const asked = await requestOf(alice, 8, [5]);
    const res = await send(
      'PUT',
      `/api/request/${String(asked.id)}`,
      alice,
      filingParts(filingPayload(1), []),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(UPLOAD_MESSAGES.missingCompleteness('Photos'));
    const row = await t.database.db
      .selectFrom('request')
      .select('stateId')
      .where('id', '=', asked.id)
      .executeTakeFirstOrThrow();
    expect(row.stateId).toBe(8);
  });

  test('the beneficiary checkbox cannot change on update', async () => {
    const asked = await requestOf(alice, 8, []);
    const payload = filingPayload(1, {
      parties: {
        isbeneficiaire: true,
        beneficiary: { nature: 'Particulier', lastName: 'Autre', firstName: 'Paul' },
      },
    });
    const res = await send('PUT', `/api/request/${String(asked.id)}`, alice, filingParts(payload, []));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('ne peut pas être modifiée');
  });

  test('a completion saves the request, stores the files, goes to 9, clears the list, writes history and tells the instructor', async () => {
    const asked = await requestOf(alice, 8, [5, 101]);
    const payload = filingPayload(1, { location: { theGeom: null, project: 'Raccordement au réseau' } });
    const res = await send('PUT', `/api/request/${asked.publicId}`, alice, filingParts(payload, [5, 101]));
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json<{
      message: string;
      data: {
        stateId: number;
        missingDocuments: number[];
        project: string;
        documents: { typeDocumentId: number }[];
        cerfa1402301: { themes: string };
      };
    }>();
    expect(message).toBe('Votre demande a été complétée.');
    expect(data).toMatchObject({
      stateId: 9,
      missingDocuments: [],
      project: 'Raccordement au réseau',
      cerfa1402301: { themes: 'pose_compteur' },
    });
    expect(data.documents.map((d) => d.typeDocumentId).sort((a, b) => a - b)).toEqual([5, 101]);
    const db = t.database.db;
    expect(
      await db.selectFrom('requestMissingDocument').selectAll().where('requestId', '=', asked.id).execute(),
    ).toEqual([]);
    const history = await db
      .selectFrom('historyLog')
      .select('context')
      .where('entityId', '=', asked.id)
      .execute();
    expect(history.map((h) => h.context)).toEqual(['Complétude de la demande']);
    const mails = await db
      .selectFrom('mailOutbox')
      .select(['toAddress', 'context'])
      .where('requestId', '=', asked.id)
      .orderBy('id')
      .execute();
    // The applicant's address changed to one that is not the owner's account: it is invited, never given access.
    expect(mails).toEqual([
      { toAddress: 'marie.durand@exemple.fr', context: 'Invitation à suivre la demande' },
      { toAddress: instructor.email, context: 'Complétude de la demande' },
      // The delay starts again: the acknowledgement of receipt of the pieces, to the account.
      { toAddress: alice.email, context: 'Accusé de réception' },
    ]);
    const changes = await db
      .selectFrom('historyLog')
      .select('data')
      .where('entityId', '=', asked.id)
      .executeTakeFirstOrThrow();
    expect(changes.data).toMatchObject({
      action: 'complete',
      from: 8,
      to: 9,
      changes: {
        petitioner: { email: { before: alice.email, after: 'marie.durand@exemple.fr' } },
        request: { project: { after: 'Raccordement au réseau' } },
      },
    });
    // The footprint was not sent: the stored one stays.
    const row = await db
      .selectFrom('request')
      .select(['theGeom'])
      .where('id', '=', asked.id)
      .executeTakeFirstOrThrow();
    expect(row.theGeom).not.toBeNull();
  });
});

describe('the step-by-step endpoints', () => {
  const party = {
    nature: 'Particulier',
    lastName: 'Martin',
    firstName: 'Léa',
    email: 'lea.martin@exemple.fr',
  };

  test('POST petitioner, cerfa14023, individualAlignmentRequest create unattached rows; bad input is refused in French', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/petitioner',
      headers: alice.headers,
      payload: party,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ data: { id: number; lastName: string } }>().data.lastName).toBe('Martin');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/petitioner',
      headers: alice.headers,
      payload: { nature: 'Particulier', email: 'pas-un-mail' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message.startsWith("Erreur lors de l'ajout du demandeur. ")).toBe(
      true,
    );
    const cerfa = await t.app.inject({
      method: 'POST',
      url: '/api/cerfa14023',
      headers: alice.headers,
      payload: { themes: 'amenagement_acces', isAccessDevelopment: true },
    });
    expect(cerfa.statusCode, cerfa.body).toBe(201);
    expect(cerfa.json<{ data: { isAccessDevelopment: boolean } }>().data.isAccessDevelopment).toBe(true);
    const alignment = await t.app.inject({
      method: 'POST',
      url: '/api/individualAlignmentRequest',
      headers: alice.headers,
      payload: { reasonRequest: 'Autre' },
    });
    expect(alignment.statusCode).toBe(400);
    expect(alignment.json<{ message: string }>().message).toContain('Veuillez préciser');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/petitioner',
          headers: gestionnaire.headers,
          payload: party,
        })
      ).statusCode,
    ).toBe(403);
  });

  test('PUT petitioner/cerfa14023: through the workflow only — the owner in state 8, an admin in any state, never an instructor', async () => {
    const db = t.database.db;
    const ids = async (id: number) =>
      db
        .selectFrom('request')
        .select(['petitionerId', 'cerfa14023Id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const bobs = await ids((await requestOf(bob, 8)).id);
    const put = (user: TestUser, id: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/petitioner/${String(id)}`,
        headers: user.headers,
        payload: party,
      });
    expect((await put(alice, bobs.petitionerId)).statusCode).toBe(404);
    expect((await put(bob, bobs.petitionerId)).statusCode).toBe(200);
    // Instructors decide; they do not rewrite what the applicant declared.
    expect((await put(instructor, bobs.petitionerId)).statusCode).toBe(403);
    const filed = await ids((await requestOf(bob, 3)).id);
    const refused = await put(bob, filed.petitionerId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(NOT_IN_COMPLETENESS_MESSAGE);
    expect((await put(admin, filed.petitionerId)).statusCode).toBe(200);
    expect((await put(admin, 999_999)).statusCode).toBe(404);
  });

  test('GET petitioner, cerfa14023, individualAlignmentRequest, cerfa14024: to whoever sees the request', async () => {
    const db = t.database.db;
    const filed = await requestOf(bob, 3);
    const [cerfa14023, alignment, traffic] = await Promise.all([
      db
        .insertInto('cerfa14023')
        .values({ themes: 'pose_compteur', trackWidth: 6.5 })
        .returning('id')
        .executeTakeFirstOrThrow(),
      db
        .insertInto('individualAlignmentRequest')
        .values({ reasonRequest: 'Construction de clôture' })
        .returning('id')
        .executeTakeFirstOrThrow(),
      db
        .insertInto('cerfa14024')
        .values({ directionTraffic: 'Fermeture à la circulation', limitedSpeed: 30 })
        .returning('id')
        .executeTakeFirstOrThrow(),
    ]);
    await db
      .updateTable('request')
      .set({ cerfa14023Id: cerfa14023.id, alignmentId: alignment.id, cerfa14024Id: traffic.id })
      .where('id', '=', filed.id)
      .execute();
    const ids = await db
      .selectFrom('request')
      .select(['petitionerId'])
      .where('id', '=', filed.id)
      .executeTakeFirstOrThrow();
    const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
    const paths = [
      `/api/petitioner/${String(ids.petitionerId)}`,
      `/api/cerfa14023/${String(cerfa14023.id)}`,
      `/api/individualAlignmentRequest/${String(alignment.id)}`,
      `/api/cerfa14024/${String(traffic.id)}`,
    ];
    for (const viewer of [bob, instructor, admin]) {
      const [party, cerfa, align, order] = await Promise.all(paths.map((path) => get(viewer, path)));
      expect(party?.statusCode, party?.body).toBe(200);
      expect(party?.json().data).toMatchObject({ id: ids.petitionerId, lastName: 'Durand' });
      expect(cerfa?.json().data).toMatchObject({
        id: cerfa14023.id,
        themes: 'pose_compteur',
        trackWidth: 6.5,
      });
      expect(align?.json().data).toMatchObject({
        id: alignment.id,
        reasonRequest: 'Construction de clôture',
      });
      expect(order?.json().data).toMatchObject({ id: traffic.id, limitedSpeed: 30 });
    }
    // Someone else's request, an object attached to none, a missing id: the same 404.
    for (const path of paths) {
      const hidden = await get(alice, path);
      expect(hidden.statusCode, path).toBe(404);
      expect(hidden.json<{ message: string }>().message).toBe(
        "Cet élément n'existe pas ou ne vous est pas accessible.",
      );
    }
    const unattached = await t.app.inject({
      method: 'POST',
      url: '/api/petitioner',
      headers: alice.headers,
      payload: party,
    });
    const loose = unattached.json<{ data: { id: number } }>().data.id;
    expect((await get(alice, `/api/petitioner/${String(loose)}`)).statusCode).toBe(404);
    expect((await get(admin, '/api/cerfa14024/999999')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: paths[0] })).statusCode).toBe(401);
  });

  test('POST document: the applicant on its own request in state 8, instructors on any; GET typedocument', async () => {
    const upload = (user: TestUser, requestId: number, typeDocumentId: number, content = PDF) =>
      send('POST', '/api/document', user, [
        { name: 'requestId', content: String(requestId) },
        { name: 'stdUserId', content: String(user.id) },
        { name: 'typeDocumentId', content: String(typeDocumentId) },
        { name: 'file', content, filename: 'photo.pdf', type: 'application/pdf' },
      ]);
    const mine8 = await requestOf(alice, 8);
    const mine3 = await requestOf(alice, 3);
    const ok = await upload(alice, mine8.id, 5);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<{ data: { url: string; typeDocumentId: number } }>().data).toMatchObject({
      typeDocumentId: 5,
    });
    expect((await upload(alice, mine3.id, 5)).statusCode).toBe(409);
    expect((await upload(bob, mine8.id, 5)).statusCode).toBe(404);
    expect((await upload(alice, mine8.id, 93)).statusCode).toBe(400);
    expect((await upload(alice, mine8.id, 5, Buffer.from('MZ pas un pdf'))).statusCode).toBe(400);
    // An instructor attaches an order (93): never listed, downloadable by instructors only.
    const order = await upload(instructor, mine3.id, 93);
    expect(order.statusCode, order.body).toBe(201);
    const url = order.json<{ data: { url: string } }>().data.url;
    expect((await t.app.inject({ method: 'GET', url, headers: alice.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: instructor.headers })).statusCode).toBe(200);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/request/${String(mine3.id)}`,
      headers: alice.headers,
    });
    expect(detail.json<{ data: { documents: unknown[] } }>().data.documents).toEqual([]);
    const types = await t.app.inject({ method: 'GET', url: '/api/typedocument', headers: alice.headers });
    expect(types.json<{ data: { id: number; name: string }[] }>().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 85, name: 'Formulaire CERFA 14023 complété et signé' }),
      ]),
    );
  });
});
