import { beforeAll, describe, expect, test } from 'vitest';
import type { Role, WorksCalendar } from '@voirie/domain';
import { insertGroup, linkAccount, territoryId } from './groups-helpers.ts';
import { createUser, type TestUser } from './requests-factory.ts';
import { testAppForFile } from './test-app.ts';
import { createWorks } from './works-helpers.ts';

// The works calendar: GET works-calendar — the granted permissions' works meeting a
// window, for instructors, administrators and road managers (these in their perimeters only),
// with the town, kind, operator and text filters; 403 for the other roles, French 400s.

const t = testAppForFile();
const users = {} as Record<
  'instructeur' | 'admin' | 'gestionnaire' | 'demandeur' | 'guichet' | 'operateur',
  TestUser
>;
const ids = {} as Record<'capbreton' | 'seignosse' | 'seignosseLater', string>;
let operatorId: number;

const FROM = '2026-06-01';
const TO = '2026-07-12';

beforeAll(async () => {
  const db = t.database.db;
  const roles: Record<keyof typeof users, Role> = {
    instructeur: 'ROLE_INSTRUCTEUR',
    admin: 'ROLE_ADMIN',
    gestionnaire: 'ROLE_GESTIONNAIRE',
    demandeur: 'ROLE_DEMANDEUR',
    guichet: 'ROLE_GUICHET',
    operateur: 'ROLE_OPERATEUR',
  };
  for (const [who, role] of Object.entries(roles))
    users[who as keyof typeof users] = await createUser(t, [role]);
  await linkAccount(db, users.gestionnaire.id, await territoryId(db, 'town', '40296'), 'gestionnaire');
  operatorId = await insertGroup(db, { libelle: 'Eau Côte Sud', code: '98765432100015', type: 'operator' });
  ids.capbreton = (
    await createWorks(db, {
      state: 4,
      kind: 1,
      numaffaire: '2026-0101',
      operatorPerimeterId: operatorId,
      dateStart: '2026-05-20',
      dateEnd: '2026-06-05',
      addressNum: '8',
      addressType: 'rue',
      addressName: 'des Mimosas',
      trafficOrder: { directionTraffic: 'Fermeture à la circulation', detourRoute: 'Par la RD 152' },
    })
  ).publicId;
  ids.seignosse = (
    await createWorks(db, {
      state: 7,
      kind: 3,
      numaffaire: '2026-0102',
      insee: '40296',
      city: 'Seignosse',
      dateStart: '2026-06-10',
      dateEnd: '2026-06-12',
      addressType: 'avenue',
      addressName: 'des Lacs',
      works: { themes: 'depot_stationnement' },
    })
  ).publicId;
  ids.seignosseLater = (
    await createWorks(db, {
      state: 13,
      kind: 1,
      numaffaire: '2026-0103',
      insee: '40296',
      city: 'SEIGNOSSE',
      dateStart: '2026-07-12',
      dateEnd: null,
    })
  ).publicId;
  // Outside: ended the day before the window, starts the day after, not granted, cancelled, received.
  const outside = [
    { state: 4, dateStart: '2026-05-01', dateEnd: '2026-05-31' },
    { state: 4, dateStart: '2026-07-13', dateEnd: '2026-07-20' },
    { state: 3, dateStart: '2026-06-01', dateEnd: '2026-06-30' },
    { state: 1, dateStart: '2026-06-01', dateEnd: '2026-06-30' },
    { state: 2, dateStart: '2026-06-01', dateEnd: '2026-06-30' },
    { state: 10, dateStart: '2026-06-01', dateEnd: '2026-06-30' },
  ];
  for (const spec of outside) await createWorks(db, { ...spec, kind: 1, insee: '40296', city: 'Seignosse' });
});

async function calendar(who: keyof typeof users, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/works-calendar?from=${FROM}&to=${TO}${query}`,
    headers: users[who].headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: WorksCalendar }>().data;
}

const publicIds = (data: WorksCalendar) => data.items.map((item) => item.publicId);

describe('GET works-calendar', () => {
  test('the granted works meeting the window (days included), the soonest first, with what the page shows', async () => {
    const data = await calendar('instructeur');
    expect(publicIds(data)).toEqual([ids.capbreton, ids.seignosse, ids.seignosseLater]);
    expect(data).toMatchObject({
      from: FROM,
      to: TO,
      truncated: false,
      operators: [{ id: operatorId, libelle: 'Eau Côte Sud' }],
    });
    expect(data.items[0]).toMatchObject({
      numaffaire: '2026-0101',
      type: 1,
      nature: 'Permission de voirie - Réseaux',
      stateId: 4,
      stateName: 'En attente de réception',
      town: 'Capbreton',
      insee: '40065',
      street: 'Rue des Mimosas',
      location: '8 rue des Mimosas',
      dateStart: '2026-05-20',
      dateEnd: '2026-06-05',
      operator: { id: operatorId, libelle: 'Eau Côte Sud' },
      impact: { level: 'route_barree', label: 'Route barrée, déviation mise en place' },
      geometry: { type: 'Point', coordinates: [-1.429155, 43.63091] },
    });
    expect(data.items[1]).toMatchObject({
      town: 'Seignosse',
      impact: { level: 'chantier_sur_chaussee' },
      operator: null,
    });
    // No end: the start day only; the locality folded into its member town.
    expect(data.items[2]).toMatchObject({
      town: 'Seignosse',
      dateStart: '2026-07-12',
      dateEnd: '2026-07-12',
    });
    expect(publicIds(await calendar('admin'))).toEqual(publicIds(data));
  });

  test('a road manager sees its perimeters’ works only (Seignosse)', async () => {
    const data = await calendar('gestionnaire');
    expect(publicIds(data)).toEqual([ids.seignosse, ids.seignosseLater]);
    expect(data.operators).toEqual([]);
  });

  test('filters: town, kind, operator, text (case number, street, operator name)', async () => {
    expect(publicIds(await calendar('instructeur', '&insee=40296'))).toEqual([
      ids.seignosse,
      ids.seignosseLater,
    ]);
    expect(publicIds(await calendar('instructeur', '&insee=40004'))).toEqual([]);
    expect(publicIds(await calendar('instructeur', '&type=3'))).toEqual([ids.seignosse]);
    const byOperator = await calendar('instructeur', `&operator=${String(operatorId)}`);
    expect(publicIds(byOperator)).toEqual([ids.capbreton]);
    // The operator's choices do not shrink to the chosen one.
    expect(byOperator.operators).toEqual([{ id: operatorId, libelle: 'Eau Côte Sud' }]);
    expect(publicIds(await calendar('instructeur', '&q=MIMOSAS'))).toEqual([ids.capbreton]);
    expect(publicIds(await calendar('instructeur', '&q=eau%20cote'))).toEqual([ids.capbreton]);
    expect(publicIds(await calendar('instructeur', '&q=2026-0103'))).toEqual([ids.seignosseLater]);
    expect(publicIds(await calendar('instructeur', '&q=100%25'))).toEqual([]);
    expect(publicIds(await calendar('gestionnaire', '&insee=40065'))).toEqual([]);
  });
});

describe('who may read it', () => {
  test('403 for applicants, counters and operators; 401 without a session', async () => {
    for (const who of ['demandeur', 'guichet', 'operateur'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/works-calendar?from=${FROM}&to=${TO}`,
        headers: users[who].headers,
      });
      expect(res.statusCode, who).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/works-calendar?from=${FROM}&to=${TO}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('refusals in French', () => {
  test.each([
    ['', 'La date de début doit être une date (AAAA-MM-JJ).'],
    [`?from=${FROM}`, 'La date de fin doit être une date (AAAA-MM-JJ).'],
    ['?from=2026-06-01&to=2026-09-01', 'La période ne peut pas dépasser 92 jours.'],
    ['?from=2026-06-10&to=2026-06-01', 'La date de début doit précéder la date de fin.'],
    [`?from=${FROM}&to=${TO}&type=2`, 'Type de permission inconnu : 1 (réseaux) ou 3 (accès/clôture).'],
    [`?from=${FROM}&to=${TO}&insee=75056`, "Cette commune n'est pas membre de la communauté."],
    [
      `?from=${FROM}&to=${TO}&operator=abc`,
      'L’opérateur est désigné par son identifiant (un nombre entier).',
    ],
    [`?from=${FROM}&to=${TO}&q=${'x'.repeat(101)}`, 'Le texte recherché compte au plus 100 caractères.'],
  ])('%s', async (query, message) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/works-calendar${query}`,
      headers: users.instructeur.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(res.json<{ message: string }>().message).toContain(message);
  });
});
