import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { GROUP_MESSAGES } from '@voirie/domain';
import { testAppForFile } from './test-app.ts';
import { countRows, createRequest, createUser, type TestUser } from './requests-factory.ts';
import { insertGeoFixtures } from './geo-fixtures.ts';
import { MANDATORY, filingParts, filingPayload, multipart, type Part } from './filing-helpers.ts';
import { insertGroup, insertMandate, linkAccount, shiftDay } from './groups-helpers.ts';
import { parisToday } from '../src/requests/french-date.ts';

// Filing for an operator: an operator account for its own operator only; a
// subcontractor account only under a mandate in force on the filing day — never expired,
// upcoming or absent; the others who may choose an operator choose any live one. What a
// subcontractor files under a mandate is seen by its operator and by its group.

const PREFIX = "Erreur lors de l'ajout du dossier : ";
const TODAY = parisToday();

const t = testAppForFile({}, { dataDir: 'filing-operators' });
const users = {} as Record<
  'operateur' | 'soustraitant' | 'colleague' | 'otherSub' | 'guichet' | 'demandeur' | 'admin',
  TestUser
>;
const groups = { inForce: 0, expired: 0, upcoming: 0, openEnded: 0, absent: 0, deleted: 0, sub: 0 };

beforeAll(async () => {
  const db = t.database.db;
  await insertGeoFixtures(db);
  for (const [name, role] of [
    ['operateur', 'ROLE_OPERATEUR'],
    ['soustraitant', 'ROLE_SOUSTRAITANT'],
    ['colleague', 'ROLE_SOUSTRAITANT'],
    ['otherSub', 'ROLE_SOUSTRAITANT'],
    ['guichet', 'ROLE_GUICHET'],
    ['demandeur', 'ROLE_DEMANDEUR'],
    ['admin', 'ROLE_ADMIN'],
  ] as const)
    users[name] = await createUser(t, [role]);
  const operator = (libelle: string, code: string) => insertGroup(db, { libelle, code, type: 'operator' });
  groups.inForce = await operator('Mandant en cours', '10000000000009');
  groups.expired = await operator('Mandat échu', '10000000000017');
  groups.upcoming = await operator('Mandat à venir', '10000000000025');
  groups.openEnded = await operator('Mandat sans fin', '10000000000033');
  groups.absent = await operator('Sans mandat', '10000000000041');
  groups.deleted = await operator('Supprimé', '10000000000058');
  await db
    .updateTable('perimeter')
    .set({ deletedAt: sql`now()` })
    .where('id', '=', groups.deleted)
    .execute();
  groups.sub = await insertGroup(db, {
    libelle: 'TP Côte Sud',
    code: '11122233300010',
    type: 'soustraitant',
  });
  const otherSub = await insertGroup(db, {
    libelle: 'Autre TP',
    code: '20000000000008',
    type: 'soustraitant',
  });
  const mandate = (operatorId: number, dateFrom: string, dateTo: string | null) =>
    insertMandate(db, { soustraitantId: groups.sub, operatorId, dateFrom, dateTo });
  await mandate(groups.inForce, shiftDay(TODAY, -10), shiftDay(TODAY, 10));
  await mandate(groups.expired, shiftDay(TODAY, -30), shiftDay(TODAY, -1));
  await mandate(groups.upcoming, shiftDay(TODAY, 1), null);
  await mandate(groups.openEnded, shiftDay(TODAY, -400), null);
  await mandate(groups.deleted, shiftDay(TODAY, -10), null);
  await linkAccount(db, users.operateur.id, groups.inForce, 'operateur');
  await linkAccount(db, users.soustraitant.id, groups.sub, 'soustraitant');
  await linkAccount(db, users.colleague.id, groups.sub, 'soustraitant');
  await linkAccount(db, users.otherSub.id, otherSub, 'soustraitant');
});

const send = (method: 'POST' | 'PUT', url: string, user: TestUser, parts: readonly Part[]) => {
  const body = multipart(parts);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...user.headers } });
};
const fileFor = (user: TestUser, operatorPerimeterId: number) =>
  send(
    'POST',
    '/api/request',
    user,
    filingParts(filingPayload(2, { location: { operatorPerimeterId } }), MANDATORY[2]),
  );
const requestCount = () => countRows(t.database.db, 'request');
const sees = async (user: TestUser, publicId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/request/${publicId}`, headers: user.headers }))
    .statusCode === 200;

describe('a subcontractor files for an operator', () => {
  test('under a mandate in force: filed, attached, seen by the operator and the group, not by another group', async () => {
    for (const operatorId of [groups.inForce, groups.openEnded]) {
      const res = await fileFor(users.soustraitant, operatorId);
      expect(res.statusCode, res.body).toBe(201);
      const { data } = res.json<{ data: { publicId: string; operator: { id: number } } }>();
      expect(data.operator.id).toBe(operatorId);
      expect(await sees(users.colleague, data.publicId)).toBe(true);
      expect(await sees(users.otherSub, data.publicId)).toBe(false);
      expect(await sees(users.operateur, data.publicId)).toBe(operatorId === groups.inForce);
    }
  });

  test.each([
    ['expired', 'expired'],
    ['upcoming', 'upcoming'],
    ['absent', 'absent'],
  ] as const)('under a mandate %s: refused in French, nothing written', async (_label, which) => {
    const before = await requestCount();
    const res = await fileFor(users.soustraitant, groups[which]);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: { path: string }[] }>();
    expect(body.message).toBe(`${PREFIX}${GROUP_MESSAGES.noMandateInForce} (location.operatorPerimeterId)`);
    expect(body.errors.map((error) => error.path)).toEqual(['location.operatorPerimeterId']);
    expect(await requestCount()).toBe(before);
  });

  test('another subcontractor group is not mandated: refused', async () => {
    const res = await fileFor(users.otherSub, groups.inForce);
    expect(res.json().message).toContain(GROUP_MESSAGES.noMandateInForce);
  });

  test('a deleted operator is unknown, even under a mandate written before', async () => {
    const res = await fileFor(users.soustraitant, groups.deleted);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(GROUP_MESSAGES.operatorUnknown);
  });

  test('completing a request whose mandate has since ended keeps its operator; choosing another one is checked', async () => {
    const created = await createRequest(t.database.db, {
      owner: users.soustraitant,
      state: 8,
      kind: 1,
      operatorPerimeterId: groups.expired,
    });
    const url = `/api/request/${created.publicId}`;
    const payload = (operatorPerimeterId: number) =>
      filingParts(filingPayload(1, { location: { theGeom: null, operatorPerimeterId } }), []);
    const changed = await send('PUT', url, users.soustraitant, payload(groups.absent));
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toContain(GROUP_MESSAGES.noMandateInForce);
    const kept = await send('PUT', url, users.soustraitant, payload(groups.expired));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ stateId: 9, operator: { id: groups.expired } });
  });
});

describe('the other accounts', () => {
  test('an operator account files for its own operator only', async () => {
    expect((await fileFor(users.operateur, groups.inForce)).statusCode).toBe(201);
    const other = await fileFor(users.operateur, groups.absent);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain(GROUP_MESSAGES.notOwnOperator);
  });

  test('the counter and the admin choose any live operator; an applicant none', async () => {
    expect((await fileFor(users.guichet, groups.absent)).statusCode).toBe(201);
    expect((await fileFor(users.admin, groups.expired)).statusCode).toBe(201);
    expect((await fileFor(users.admin, groups.deleted)).json().message).toContain(
      GROUP_MESSAGES.operatorUnknown,
    );
    const applicant = await fileFor(users.demandeur, groups.inForce);
    expect(applicant.statusCode).toBe(400);
    expect(applicant.json().message).toContain(GROUP_MESSAGES.operatorNotAllowed);
  });
});
