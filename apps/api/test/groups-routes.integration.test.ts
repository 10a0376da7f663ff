import { beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { GROUP_MESSAGES, VALIDATION_MESSAGES } from '@voirie/domain';
import { parisToday } from '../src/requests/french-date.ts';
import { accountsForFile, EACH_ROLE, testAppForFile } from './test-app.ts';
import { createRequest, createUser } from './requests-factory.ts';
import { insertGroup, insertMandate, linkAccount, shiftDay, territoryId } from './groups-helpers.ts';

// Operators and subcontractors (docs/api-groups.md, docs/decisions/0003): every
// perimeter, group and mandate route by every role; writes are the administrators', each traced
// in the history of the same transaction; a refusal writes nothing.

const t = testAppForFile();
type Who = keyof typeof EACH_ROLE | 'anonymous';
const users = accountsForFile(t, EACH_ROLE);
const WHO: Who[] = ['anonymous', ...(Object.keys(EACH_ROLE) as (keyof typeof EACH_ROLE)[])];

const ids = { capbreton: 0, tosse: 0, epci: 0, department: 0, operator: 0, other: 0, subcontractor: 0 };
const TODAY = parisToday();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: Who, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who === 'anonymous' ? {} : users[who].headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const db = () => t.database.db;

/** Everything the group routes may write, as one text. */
async function fingerprint(): Promise<string> {
  const { rows } = await sql<{ print: string }>`SELECT concat_ws('|',
      (SELECT string_agg(concat_ws(',', id, libelle, code, type, deleted_at), ';' ORDER BY id) FROM perimeter
        WHERE type IN ('operator', 'soustraitant')),
      (SELECT string_agg(concat_ws(',', operator_id, perimeter_id), ';' ORDER BY operator_id, perimeter_id) FROM perimeter_member),
      (SELECT string_agg(concat_ws(',', id, soustraitant_id, operator_id, date_from, date_to), ';' ORDER BY id) FROM mandate),
      (SELECT string_agg(concat_ws(',', user_id, perimeter_id, kind), ';' ORDER BY user_id, perimeter_id, kind) FROM user_perimeter),
      (SELECT count(*) FROM history_log)) AS print`.execute(db());
  return rows[0]!.print;
}

async function lastHistory(entityId: number) {
  return db()
    .selectFrom('historyLog')
    .select(['context', 'data', 'userId'])
    .where('entity', '=', 'perimeter')
    .where('entityId', '=', entityId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

let siretSequence = 0;
/** A fresh valid SIRET (its Luhn key computed). */
function siret(): string {
  siretSequence += 1;
  const body = `5${String(siretSequence).padStart(12, '0')}`;
  for (let key = 0; key < 10; key += 1) {
    const candidate = `${body}${String(key)}`;
    const sum = [...candidate].reduceRight((total, digit, index) => {
      const doubled = (13 - index) % 2 === 1 ? Number(digit) * 2 : Number(digit);
      return total + (doubled > 9 ? doubled - 9 : doubled);
    }, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('no key');
}

beforeAll(async () => {
  ids.capbreton = await territoryId(db(), 'town', '40065');
  ids.tosse = await territoryId(db(), 'town', '40317');
  ids.epci = await territoryId(db(), 'epci');
  ids.department = await territoryId(db(), 'department');
  ids.operator = await insertGroup(db(), {
    libelle: 'Réseaux Sud Landes',
    code: '12345678900015',
    type: 'operator',
    members: [ids.capbreton],
  });
  ids.other = await insertGroup(db(), { libelle: 'Eau Côte Sud', code: '98765432100015', type: 'operator' });
  ids.subcontractor = await insertGroup(db(), {
    libelle: 'TP Côte Sud',
    code: '11122233300010',
    type: 'soustraitant',
  });
  await insertMandate(db(), {
    soustraitantId: ids.subcontractor,
    operatorId: ids.operator,
    dateFrom: shiftDay(TODAY, -10),
    dateTo: null,
  });
  await insertMandate(db(), {
    soustraitantId: ids.subcontractor,
    operatorId: ids.other,
    dateFrom: '2020-01-01',
    dateTo: shiftDay(TODAY, -1),
  });
  await linkAccount(db(), users.operateur.id, ids.operator, 'operateur');
  await linkAccount(db(), users.soustraitant.id, ids.subcontractor, 'soustraitant');
});

describe('every route by every role', () => {
  const readers = WHO.filter((who) => who !== 'anonymous');

  test.each(WHO)('reads: GET perimeter, POST perimeter (a search), GET perimeter/{id} — %s', async (who) => {
    const expected = who === 'anonymous' ? 401 : 200;
    const before = await fingerprint();
    expect((await call('GET', '/api/perimeter?type=operator', who)).statusCode).toBe(expected);
    expect((await call('POST', '/api/perimeter', who, { type: 'town', q: 'capb' })).statusCode).toBe(
      expected,
    );
    expect((await call('GET', `/api/perimeter/${String(ids.operator)}`, who)).statusCode).toBe(expected);
    if (who !== 'anonymous') {
      const found = await call('POST', '/api/perimeter', who, { type: 'town', q: 'capb' });
      expect(found.json().data).toEqual([
        { id: ids.capbreton, libelle: 'Capbreton', type: 'town', code: '40065' },
      ]);
    }
    expect(await fingerprint()).toBe(before);
  });

  test.each(WHO)('mandates of a group: its admins and its own accounts only — %s', async (who) => {
    const sub = await call('GET', `/api/perimeter/${String(ids.subcontractor)}/mandates`, who);
    const given = await call('GET', `/api/perimeter/${String(ids.operator)}/mandates`, who);
    const status = (member: boolean) => (who === 'anonymous' ? 401 : who === 'admin' || member ? 200 : 403);
    expect(sub.statusCode).toBe(status(who === 'soustraitant'));
    expect(given.statusCode).toBe(status(who === 'operateur'));
    if (sub.statusCode === 403) expect(sub.json().message).toBe(GROUP_MESSAGES.mandatesForbidden);
  });

  const writes = (): { label: string; method: Method; url: string; payload?: unknown }[] => [
    {
      label: 'POST perimeter (create)',
      method: 'POST',
      url: '/api/perimeter',
      payload: { type: 'operator', libelle: 'Fibre Adour', code: siret(), perimeterIds: [ids.tosse] },
    },
    {
      label: 'POST perimeter (create, invalid: 403 before 400)',
      method: 'POST',
      url: '/api/perimeter',
      payload: { type: 'operator', libelle: '', code: '1' },
    },
    {
      label: 'PUT perimeter/{id}',
      method: 'PUT',
      url: `/api/perimeter/${String(ids.other)}`,
      payload: { type: 'operator', libelle: 'Eau Côte Sud (renommé)', code: '98765432100015' },
    },
    { label: 'DELETE perimeter/{id}', method: 'DELETE', url: `/api/perimeter/${String(ids.other)}` },
    {
      label: 'POST perimeter/{id}/mandates',
      method: 'POST',
      url: `/api/perimeter/${String(ids.subcontractor)}/mandates`,
      payload: { operatorId: ids.other, dateFrom: shiftDay(TODAY, 400) },
    },
    {
      label: 'DELETE perimeter/{id}/mandates/{mandateId}',
      method: 'DELETE',
      url: '/api/perimeter/1/mandates/1',
    },
  ];

  test.each(readers.filter((who) => who !== 'admin'))(
    'writes are refused to %s (403, nothing written), and to anonymous callers (401)',
    async (who) => {
      const before = await fingerprint();
      for (const write of writes()) {
        const res = await call(write.method, write.url, who, write.payload);
        expect(res.statusCode, `${write.label}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
        const anonymous = await call(write.method, write.url, 'anonymous', write.payload);
        expect(anonymous.statusCode, write.label).toBe(401);
      }
      expect(await fingerprint()).toBe(before);
    },
  );
});

describe('an administrator creates a group (POST perimeter with libelle)', () => {
  test('an operator with its territories: 201, the group by name, traced, then found by name and at a point', async () => {
    const code = siret();
    const res = await call('POST', '/api/perimeter', 'admin', {
      type: 'operator',
      libelle: '  Fibre Adour ',
      code: `${code.slice(0, 9)} ${code.slice(9)}`,
      perimeterIds: [ids.tosse, ids.epci, ids.tosse],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ success: true, message: 'Opérateur ajouté.' });
    expect(created.data).toEqual({
      id: expect.any(Number),
      libelle: 'Fibre Adour',
      code,
      type: 'operator',
      perimeters: [
        { id: ids.epci, libelle: expect.any(String), type: 'epci' },
        { id: ids.tosse, libelle: 'Tosse', type: 'town' },
      ],
    });
    const id = created.data.id as number;
    expect(await lastHistory(id)).toMatchObject({
      context: "Ajout d'un opérateur",
      userId: users.admin.id,
      data: { libelle: 'Fibre Adour', code, perimeters: [expect.any(String), 'Tosse'] },
    });
    expect((await call('GET', `/api/perimeter/${String(id)}`, 'demandeur')).json().data).toEqual(
      created.data,
    );
    const byName = await call('GET', '/api/perimeter?type=operator&q=fibre', 'guichet');
    expect(byName.json().data.map((p: { id: number }) => p.id)).toEqual([id]);
    // Tosse's interior point: through its membership.
    const { rows } = await sql<{ lon: number; lat: number }>`
      SELECT ST_X(interior_point) AS lon, ST_Y(interior_point) AS lat FROM commune WHERE insee_code = '40317'`.execute(
      db(),
    );
    const point = rows[0]!;
    const atTosse = await call(
      'GET',
      `/api/perimeter?type=operator&lon=${String(point.lon)}&lat=${String(point.lat)}`,
      'guichet',
    );
    expect(atTosse.json().data.map((p: { id: number }) => p.id)).toContain(id);
  });

  test('a subcontractor: Nom and Siret only — no territory', async () => {
    const code = siret();
    const res = await call('POST', '/api/perimeter', 'admin', {
      type: 'soustraitant',
      libelle: 'Élec Landes',
      code,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Sous-traitant ajouté.',
      data: { libelle: 'Élec Landes', code, type: 'soustraitant', perimeters: [] },
    });
    const refused = await call('POST', '/api/perimeter', 'admin', {
      type: 'soustraitant',
      libelle: 'Élec Landes 2',
      code: siret(),
      perimeterIds: [ids.tosse],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(GROUP_MESSAGES.subcontractorPerimeters);
  });

  test('refusals in French, nothing written: required fields, Siret, members that are not territories, a Siret taken', async () => {
    const before = await fingerprint();
    const empty = await call('POST', '/api/perimeter', 'admin', { type: 'operator', libelle: '', code: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { path: 'libelle', message: `${VALIDATION_MESSAGES.required} (libelle)` },
      { path: 'code', message: `${VALIDATION_MESSAGES.required} (code)` },
    ]);
    const short = await call('POST', '/api/perimeter', 'admin', {
      type: 'operator',
      libelle: 'X',
      code: '123',
    });
    expect(short.json().message).toContain(VALIDATION_MESSAGES.siret);
    const key = await call('POST', '/api/perimeter', 'admin', {
      type: 'operator',
      libelle: 'X',
      code: '12345678900012',
    });
    expect(key.json().message).toContain(GROUP_MESSAGES.siretInvalid);
    const members = await call('POST', '/api/perimeter', 'admin', {
      type: 'operator',
      libelle: 'X',
      code: siret(),
      perimeterIds: [ids.capbreton, ids.other, 999999],
    });
    expect(members.statusCode).toBe(400);
    expect(members.json().errors).toEqual([
      {
        path: 'perimeterIds.1',
        message: `${GROUP_MESSAGES.perimeterNotTerritory(ids.other)} (perimeterIds.1)`,
      },
      { path: 'perimeterIds.2', message: `${GROUP_MESSAGES.perimeterNotTerritory(999999)} (perimeterIds.2)` },
    ]);
    const taken = await call('POST', '/api/perimeter', 'admin', {
      type: 'operator',
      libelle: 'Copie',
      code: '12345678900015',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Un opérateur de même Siret existe déjà : Réseaux Sud Landes.');
    const notAGroup = await call('POST', '/api/perimeter', 'admin', {
      type: 'town',
      libelle: 'X',
      code: siret(),
    });
    expect(notAGroup.statusCode).toBe(400);
    expect(await fingerprint()).toBe(before);
  });

  test('the same Siret may be an operator and a subcontractor', async () => {
    const res = await call('POST', '/api/perimeter', 'admin', {
      type: 'soustraitant',
      libelle: 'Réseaux Sud Landes Travaux',
      code: '12345678900015',
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('PUT perimeter/{id}: an administrator edits a group', () => {
  test('name, Siret and territories, with each change before and after in the history', async () => {
    const id = await insertGroup(db(), {
      libelle: 'Orange',
      code: siret(),
      type: 'operator',
      members: [ids.capbreton],
    });
    const code = siret();
    const res = await call('PUT', `/api/perimeter/${String(id)}`, 'admin', {
      type: 'operator',
      libelle: 'Orange France',
      code,
      perimeterIds: [ids.tosse],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Opérateur modifié.',
      data: {
        id,
        libelle: 'Orange France',
        code,
        perimeters: [{ id: ids.tosse, libelle: 'Tosse', type: 'town' }],
      },
    });
    const entry = await lastHistory(id);
    expect(entry).toMatchObject({
      context: "Modification d'un opérateur",
      data: {
        changes: {
          libelle: { before: 'Orange', after: 'Orange France' },
          code: { after: code },
          perimeters: { before: 'Capbreton', after: 'Tosse' },
        },
      },
    });
  });

  test('refused: a territory (409), an unknown group (404), a change of type (400), a Siret taken (409); nothing written', async () => {
    const before = await fingerprint();
    const form = { type: 'operator', libelle: 'X', code: siret() };
    const town = await call('PUT', `/api/perimeter/${String(ids.capbreton)}`, 'admin', form);
    expect(town.statusCode).toBe(409);
    expect(town.json().message).toBe(GROUP_MESSAGES.territoryReadOnly);
    expect((await call('PUT', '/api/perimeter/999999', 'admin', form)).statusCode).toBe(404);
    const retype = await call('PUT', `/api/perimeter/${String(ids.subcontractor)}`, 'admin', form);
    expect(retype.statusCode).toBe(400);
    expect(retype.json().message).toContain(GROUP_MESSAGES.typeChanged);
    const taken = await call('PUT', `/api/perimeter/${String(ids.other)}`, 'admin', {
      ...form,
      code: '12345678900015',
    });
    expect(taken.statusCode).toBe(409);
    expect(await fingerprint()).toBe(before);
  });
});

describe('DELETE perimeter/{id}', () => {
  test('an operator: its accounts detached, its mandates ended, its requests kept with its name; gone from searches and filings', async () => {
    const code = siret();
    const id = await insertGroup(db(), {
      libelle: 'Gaz Océan',
      code,
      type: 'operator',
      members: [ids.capbreton],
    });
    const account = await createUser(t, ['ROLE_OPERATEUR']);
    await linkAccount(db(), account.id, id, 'operateur');
    await insertMandate(db(), {
      soustraitantId: ids.subcontractor,
      operatorId: id,
      dateFrom: TODAY,
      dateTo: null,
    });
    const applicant = await createUser(t, ['ROLE_DEMANDEUR']);
    const request = await createRequest(db(), { owner: applicant, state: 3, operatorPerimeterId: id });
    const ownRequest = await createRequest(db(), { owner: account, state: 3 });
    expect((await call('GET', `/api/request/${request.publicId}`, 'admin')).json().data.operator).toEqual({
      id,
      libelle: 'Gaz Océan',
    });

    const res = await call('DELETE', `/api/perimeter/${String(id)}`, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Opérateur supprimé.', data: { id, libelle: 'Gaz Océan' } });
    expect(await lastHistory(id)).toMatchObject({
      context: "Suppression d'un opérateur",
      data: { libelle: 'Gaz Océan', code, detachedAccounts: 1, endedMandates: 1, keptRequests: 1 },
    });
    // The account stays, sees its own requests, nothing through the group any more.
    const seen = await t.app.inject({ method: 'GET', url: '/api/request', headers: account.headers });
    expect(seen.json().data.map((row: { id: number }) => row.id)).toEqual([ownRequest.id]);
    // The request keeps its operator, by name.
    const kept = await db()
      .selectFrom('request')
      .select('operatorPerimeterId')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(kept.operatorPerimeterId).toBe(id);
    expect((await call('GET', `/api/request/${request.publicId}`, 'admin')).json().data.operator).toEqual({
      id,
      libelle: 'Gaz Océan',
    });
    expect((await call('GET', `/api/perimeter/${String(id)}`, 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/api/perimeter?type=operator&q=gaz', 'admin')).json().data).toEqual([]);
    const mandates = await db().selectFrom('mandate').select('id').where('operatorId', '=', id).execute();
    expect(mandates).toEqual([]);
    // Deleted twice: 404. Its Siret is free again.
    expect((await call('DELETE', `/api/perimeter/${String(id)}`, 'admin')).statusCode).toBe(404);
    const again = await call('POST', '/api/perimeter', 'admin', {
      type: 'operator',
      libelle: 'Gaz Océan',
      code,
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  test('a subcontractor: its mandates end with it', async () => {
    const id = await insertGroup(db(), {
      libelle: 'Terrassements Adour',
      code: siret(),
      type: 'soustraitant',
    });
    await insertMandate(db(), {
      soustraitantId: id,
      operatorId: ids.operator,
      dateFrom: TODAY,
      dateTo: null,
    });
    const res = await call('DELETE', `/api/perimeter/${String(id)}`, 'admin');
    expect(res.json()).toMatchObject({ message: 'Sous-traitant supprimé.' });
    expect(await db().selectFrom('mandate').select('id').where('soustraitantId', '=', id).execute()).toEqual(
      [],
    );
  });

  test('territories are never deleted (409), unknown ids are 404; nothing written', async () => {
    const before = await fingerprint();
    for (const id of [ids.capbreton, ids.epci, ids.department]) {
      const res = await call('DELETE', `/api/perimeter/${String(id)}`, 'admin');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(GROUP_MESSAGES.territoryReadOnly);
    }
    expect((await call('DELETE', '/api/perimeter/999999', 'admin')).statusCode).toBe(404);
    expect(await fingerprint()).toBe(before);
  });
});

describe('mandates', () => {
  test('listed newest first with their status today; an operator lists those it gave', async () => {
    const res = await call('GET', `/api/perimeter/${String(ids.subcontractor)}/mandates`, 'soustraitant');
    const data = res.json().data as { operatorLibelle: string; status: string; dateTo: string | null }[];
    expect(data.map((m) => [m.operatorLibelle, m.status])).toEqual(
      expect.arrayContaining([
        ['Réseaux Sud Landes', 'inForce'],
        ['Eau Côte Sud', 'ended'],
      ]),
    );
    const given = await call('GET', `/api/perimeter/${String(ids.operator)}/mandates`, 'operateur');
    expect(given.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ soustraitantLibelle: 'TP Côte Sud', operatorId: ids.operator }),
      ]),
    );
    expect((await call('GET', `/api/perimeter/${String(ids.capbreton)}/mandates`, 'admin')).statusCode).toBe(
      404,
    );
  });

  test('added and removed by an administrator, each traced; refusals write nothing', async () => {
    const sub = await insertGroup(db(), { libelle: 'Voirie Services', code: siret(), type: 'soustraitant' });
    const url = `/api/perimeter/${String(sub)}/mandates`;
    const added = await call('POST', url, 'admin', {
      operatorId: ids.operator,
      dateFrom: shiftDay(TODAY, 1),
      dateTo: shiftDay(TODAY, 30),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      message: 'Mandat ajouté.',
      data: {
        soustraitantId: sub,
        soustraitantLibelle: 'Voirie Services',
        operatorId: ids.operator,
        operatorLibelle: 'Réseaux Sud Landes',
        dateFrom: shiftDay(TODAY, 1),
        dateTo: shiftDay(TODAY, 30),
        status: 'upcoming',
      },
    });
    expect(await lastHistory(sub)).toMatchObject({
      context: "Ajout d'un mandat",
      data: { operateur: 'Réseaux Sud Landes', du: shiftDay(TODAY, 1), au: shiftDay(TODAY, 30) },
    });

    const before = await fingerprint();
    const overlap = await call('POST', url, 'admin', {
      operatorId: ids.operator,
      dateFrom: shiftDay(TODAY, 30),
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(GROUP_MESSAGES.mandateOverlap);
    const inverted = await call('POST', url, 'admin', {
      operatorId: ids.operator,
      dateFrom: '2026-02-01',
      dateTo: '2026-01-31',
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().message).toContain(GROUP_MESSAGES.mandateDatesInverted);
    for (const operatorId of [ids.subcontractor, ids.capbreton, 999999]) {
      const unknown = await call('POST', url, 'admin', { operatorId, dateFrom: TODAY });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain(GROUP_MESSAGES.mandateOperatorUnknown);
    }
    const onOperator = await call('POST', `/api/perimeter/${String(ids.operator)}/mandates`, 'admin', {
      operatorId: ids.other,
      dateFrom: TODAY,
    });
    expect(onOperator.statusCode).toBe(409);
    expect(onOperator.json().message).toBe(GROUP_MESSAGES.mandatesOfSubcontractorOnly);
    const elsewhere = await call(
      'DELETE',
      `/api/perimeter/${String(ids.subcontractor)}/mandates/${String(added.json().data.id)}`,
      'admin',
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(await fingerprint()).toBe(before);

    // After the first: another period of the same operator is fine.
    const later = await call('POST', url, 'admin', {
      operatorId: ids.operator,
      dateFrom: shiftDay(TODAY, 31),
    });
    expect(later.statusCode, later.body).toBe(201);
    const removed = await call('DELETE', `${url}/${String(added.json().data.id)}`, 'admin');
    expect(removed.json()).toMatchObject({ message: 'Mandat supprimé.', data: { id: added.json().data.id } });
    expect(await lastHistory(sub)).toMatchObject({ context: "Suppression d'un mandat" });
    expect((await call('DELETE', `${url}/${String(added.json().data.id)}`, 'admin')).statusCode).toBe(404);
  });
});

describe('GET perimeter?fileable: the operators an account may file for today', () => {
  const fileable = async (who: Who) =>
    (await call('GET', '/api/perimeter?type=operator&fileable=true&limit=500', who))
      .json()
      .data.map((p: { libelle: string }) => p.libelle) as string[];

  test('its own operator; under a mandate in force; none for an applicant; every live one for the staff and the counter', async () => {
    expect(await fileable('operateur')).toEqual(['Réseaux Sud Landes']);
    // Eau Côte Sud's mandate ended yesterday.
    expect(await fileable('soustraitant')).toEqual(['Réseaux Sud Landes']);
    expect(await fileable('demandeur')).toEqual([]);
    const all = await fileable('admin');
    expect(all).toEqual(expect.arrayContaining(['Eau Côte Sud', 'Réseaux Sud Landes']));
    expect(await fileable('guichet')).toEqual(all);
    expect(all).not.toContain('TP Côte Sud');
  });
});
