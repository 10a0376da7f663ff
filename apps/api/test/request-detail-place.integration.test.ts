import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { RequestDetail } from '@voirie/domain';
import { accountsForFile, testAppForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';

// The request's page reads the works' parcels and road segments, the
// instructor's name and who put each document. Names are for instructors and admins; an
// applicant reads its own name on its own documents, nobody else's.

const t = testAppForFile({}, { geo: true });
const { admin, instructor, alice, bob } = accountsForFile(t, {
  admin: { roles: ['ROLE_ADMIN'], firstName: 'Claire', lastName: 'Dubois' },
  instructor: { roles: ['ROLE_INSTRUCTEUR'], firstName: 'Julien', lastName: 'Lafitte' },
  alice: { roles: ['ROLE_DEMANDEUR'], firstName: 'Alice', lastName: 'Martin' },
  bob: { roles: ['ROLE_DEMANDEUR'], firstName: 'Bob', lastName: 'Autre' },
});
let requestId = 0;
let bareRequestId = 0;

async function addDocument(requestId: number, stdUserId: number | null, name: string) {
  await t.database.db
    .insertInto('document')
    .values({
      requestId,
      stdUserId,
      typeDocumentId: 1,
      name,
      mimeType: 'application/pdf',
      size: 10,
      sha256: 'a'.repeat(64),
      storageKey: `aa/${name}`,
    })
    .execute();
}

beforeAll(async () => {
  const db = t.database.db;
  requestId = (await createRequest(db, { owner: alice, state: 3, instructeurId: instructor.id })).id;
  // A trench along the Rue des Pins (geo-fixtures.ts), 8 m from the Avenue de la Plage's end:
  // the parcels filed, one unknown to the cadastre.
  await sql`UPDATE request SET
      the_geom = ST_ForceCollection(ST_GeomFromText('LINESTRING(-1.4296 43.6310, -1.42707 43.6310)', 4326)),
      plot_numbers = '40065000AB0012,40065000AB0013,40065000ZZ9999'
    WHERE id = ${requestId}`.execute(db);
  await addDocument(requestId, alice.id, 'plan.pdf');
  await addDocument(requestId, instructor.id, 'avis.pdf');
  bareRequestId = (await createRequest(db, { owner: alice, state: 3, insee: null })).id;
});

async function detail(user: TestUser, id = requestId) {
  const res = await t.app.inject({ method: 'GET', url: `/api/request/${String(id)}`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: RequestDetail }>().data;
}

const uploaders = (request: RequestDetail) =>
  Object.fromEntries((request.documents ?? []).map((document) => [document.name, document.uploader]));

describe('GET request/{id}: place and people', () => {
  test('the parcels as filed, with section, number and town from the cadastre', async () => {
    const request = await detail(alice);
    expect(request.parcels).toEqual([
      { id: '40065000AB0012', section: 'AB', numero: '0012', town: 'Capbreton' },
      { id: '40065000AB0013', section: 'AB', numero: '0013', town: 'Capbreton' },
      { id: '40065000ZZ9999', section: null, numero: null, town: null },
    ]);
  });

  test('the road segments within 30 m of the footprint, nearest first', async () => {
    const request = await detail(alice);
    expect(
      (request.roadSegments ?? []).map((segment) => [segment.name, segment.typevoie, segment.numero]),
    ).toEqual([
      ['Rue des Pins', 'Voie communale', null],
      ['Avenue de la Plage', 'Voie departementale en agglomeration', 'D152'],
    ]);
  });

  test('instructors and admins read the instructor and every uploader', async () => {
    for (const viewer of [instructor, admin]) {
      const request = await detail(viewer);
      expect(request.instructor).toEqual({ firstName: 'Julien', lastName: 'Lafitte' });
      expect(uploaders(request)).toEqual({
        'plan.pdf': { firstName: 'Alice', lastName: 'Martin' },
        'avis.pdf': { firstName: 'Julien', lastName: 'Lafitte' },
      });
      expect(request.documents?.every((document) => typeof document.createdAt === 'string')).toBe(true);
    }
  });

  test("the applicant reads its own name, never the instructor's", async () => {
    const request = await detail(alice);
    expect(request).not.toHaveProperty('instructor');
    expect(uploaders(request)).toEqual({
      'plan.pdf': { firstName: 'Alice', lastName: 'Martin' },
      'avis.pdf': null,
    });
  });

  test('a request nobody instructs, without footprint or parcels', async () => {
    const request = await detail(admin, bareRequestId);
    expect(request.instructor).toBeNull();
    expect(request.parcels).toEqual([]);
    expect(request.roadSegments).toEqual([]);
  });

  test('another applicant reads nothing of it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/request/${String(requestId)}`,
      headers: bob.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Lafitte');
    expect(res.body).not.toContain('AB0012');
  });
});
