import path from 'node:path';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { TRAFFIC_ORDER_NOT_OFFERED, VALIDATION_MESSAGES } from '@voirie/domain';
import { testAppForFile, accountsForFile, createTestApp, type TestApp } from './test-app.ts';
import { countRows, createUser, type TestUser } from './requests-factory.ts';
import { insertGeoFixtures } from './geo-fixtures.ts';
import {
  MANDATORY,
  filesUnder,
  filingParts,
  filingPayload,
  tempDataDir,
  type Part,
  sendParts,
} from './filing-helpers.ts';

// One road permission filed with its alignment request and its traffic-police order
// (cerfa 14024) — one POST, one transaction — then shown, exported and updated with both.

const PREFIX = "Erreur lors de l'ajout du dossier : ";

const t = testAppForFile({}, { dataDir: 'filing-combined', geo: true });
const { alice, instructor, gestionnaire } = accountsForFile(t, {
  alice: { roles: ['ROLE_DEMANDEUR'], email: 'alice.combinee@exemple.fr' },
  instructor: { roles: ['ROLE_INSTRUCTEUR'], email: 'instructeur.combine@exemple.fr' },
  gestionnaire: ['ROLE_GESTIONNAIRE'],
});

const ALIGNMENT = {
  reasonRequest: 'Real cloture',
  autorisationUrba: 'oui',
  typeDossier: 'PC',
  dosAutorisationUrba: 'PC 040 065 26 X0012',
  groundAlreadyRequested: 'non',
};

const TRAFFIC_ORDER = {
  previousPermission: false,
  workDescription: 'Pose d’une conduite d’eau potable sous chaussée',
  durationRegulation: 5,
  dateRegulation: '2026-12-01',
  directionTraffic: 'Deux sens de circulation',
  alternatingCirculationManual: true,
  encroachmentRoadway: true,
  trackWidthMaintained: 3.5,
  parkCar: true,
  parkTruck: true,
  overtakeTruck: true,
  limitedSpeed: 30,
  detourRoute: 'Par la rue des Pinsons',
  signageBy: 'entreprise',
  gestSignageCorporationName: 'Signa Sud',
  gestSignagePhone: '0558000000',
  gestSignageEmail: 'chantier@signa-sud.fr',
};

/** A networks permission with a trench under the roadway, its alignment and its 14024. */
function combined(overrides: Record<string, unknown> = {}) {
  const base = filingPayload(1);
  return {
    ...base,
    cerfa1402301: { themes: 'pose_compteur', natureWork: 'creation', longitudinalTrenchUnderRoad: 25 },
    individualAlignmentRequest: ALIGNMENT,
    cerfa14024: TRAFFIC_ORDER,
    ...overrides,
  };
}

const send = (
  app: TestApp,
  user: TestUser,
  parts: readonly Part[],
  method: 'POST' | 'PUT' = 'POST',
  url = '/api/request',
) => {
  return sendParts(app, { method, url, user, parts });
};
const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });

const TABLES = [
  'petitioner',
  'request',
  'cerfa14023',
  'individualAlignmentRequest',
  'cerfa14024',
  'document',
] as const;

/** Rows of every table a filing writes, and the stored files. */
async function snapshot(app: TestApp, dir: string) {
  const rows = await Promise.all(TABLES.map((table) => countRows(app.database.db, table)));
  return {
    rows: Object.fromEntries(TABLES.map((table, index) => [table, rows[index]])),
    files: await filesUnder(path.join(dir, 'files')),
  };
}

interface Refusal {
  code: string;
  message: string;
  errors: { path: string; message: string }[];
}

/** The refusals by path, without the path the server adds to each message. */
const messagesByPath = (errors: Refusal['errors']) =>
  Object.fromEntries(errors.map((error) => [error.path, error.message.replace(` (${error.path})`, '')]));

/** A refused filing: 400 with the spec's prefix, and nothing written. */
async function expectRefused(payload: unknown): Promise<Record<string, string>> {
  const before = await snapshot(t, t.config.dataDir);
  const res = await send(t, alice, filingParts(payload, MANDATORY[1]));
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<Refusal>();
  expect(body.code).toBe('VALIDATION');
  expect(body.message.startsWith(PREFIX)).toBe(true);
  expect(await snapshot(t, t.config.dataDir)).toEqual(before);
  return messagesByPath(body.errors);
}

async function fileCombined(payload: unknown = combined(), user: TestUser = alice) {
  const res = await send(t, user, filingParts(payload, MANDATORY[1]));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number; publicId: string } }>().data;
}

describe('POST request: a permission with its alignment request and its 14024', () => {
  test('both forms in one filing: stored, shown, listed, exported, printed, mailed', async () => {
    const { id, publicId } = await fileCombined();
    const db = t.database.db;
    const request = await db
      .selectFrom('request')
      .select(['type', 'stateId', 'cerfa14023Id', 'alignmentId', 'cerfa14024Id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ type: 1, stateId: 3 });
    expect(request.cerfa14023Id).not.toBeNull();
    const alignment = await db
      .selectFrom('individualAlignmentRequest')
      .selectAll()
      .where('id', '=', request.alignmentId!)
      .executeTakeFirstOrThrow();
    expect(alignment).toMatchObject({ ...ALIGNMENT, isFavorable: null });
    const order = await db
      .selectFrom('cerfa14024')
      .selectAll()
      .where('id', '=', request.cerfa14024Id!)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject(TRAFFIC_ORDER);

    // The history names the forms filed.
    const history = await db
      .selectFrom('historyLog')
      .select('data')
      .where('entity', '=', 'request')
      .where('entityId', '=', id)
      .executeTakeFirstOrThrow();
    expect(history.data).toMatchObject({ action: 'file', forms: ['cerfa14023', 'alignement', 'cerfa14024'] });

    // The detail carries both forms; the list names the alignment.
    const detail = (await get(`/api/request/${publicId}`, alice)).json<{ data: Record<string, unknown> }>()
      .data;
    expect(detail).toMatchObject({
      typeLabel: 'Permission de voirie - Réseaux + alignement',
      alignementId: request.alignmentId,
      individualAlignmentRequest: ALIGNMENT,
      cerfa14024: TRAFFIC_ORDER,
    });
    const list = await get('/api/request?type=1&numItemsPerPage=250', instructor);
    const row = list
      .json<{ data: { id: number; typeLabel: string }[] }>()
      .data.find((item) => item.id === id);
    expect(row?.typeLabel).toBe('Permission de voirie - Réseaux + alignement');

    const csv = await get(`/api/export?searchText=${String(id)}`, alice);
    const [header, line] = csv.body.split('\r\n');
    expect(header).toContain(';Fin;Alignement;Arrêté de circulation (cerfa 14024)');
    expect(line).toMatch(new RegExp(`^${String(id)};Permission de voirie - Réseaux \\+ alignement;`));
    expect(line?.endsWith(';Oui;Oui')).toBe(true);

    for (const type of ['14023', '14024']) {
      const pdf = await get(`/api/request/${String(id)}/pdf/${type}/file`, alice);
      expect(pdf.statusCode, `${type}: ${pdf.body.slice(0, 200)}`).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }

    const ack = await db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('requestId', '=', id)
      .where('toAddress', '=', alice.email)
      .executeTakeFirstOrThrow();
    expect(ack.textBody).toContain('(Permission de voirie - Réseaux + alignement)');
    expect(ack.textBody).toContain(
      "Elle comprend une demande d'arrêté de police de la circulation (cerfa 14024).",
    );
  });

  test('each is optional: an access permission with a deposit on the road and its 14024 only', async () => {
    const payload = {
      ...filingPayload(3),
      cerfa1402301: { themes: 'depot_stationnement', parkingNature: 'Benne' },
      cerfa14024: { parkCar: true, limitedSpeed: 50 },
    };
    const res = await send(t, alice, filingParts(payload, MANDATORY[3]));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ data: { id: number } }>().data;
    const row = await t.database.db
      .selectFrom('request')
      .select(['alignmentId', 'cerfa14024Id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.alignmentId).toBeNull();
    expect(row.cerfa14024Id).not.toBeNull();
  });

  test('who may file it: an instructor too; a road manager 403; nobody signed in 401', async () => {
    await fileCombined(combined(), instructor);
    expect((await send(t, gestionnaire, filingParts(combined(), MANDATORY[1]))).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/request', payload: combined() });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST request: a fault in either form writes nothing', () => {
  test('a 14024 for works off the carriageway', async () => {
    const errors = await expectRefused(
      combined({ cerfa1402301: { themes: 'pose_compteur', longitudinalTrenchUnderSidewalks: 25 } }),
    );
    expect(errors).toEqual({ cerfa14024: TRAFFIC_ORDER_NOT_OFFERED });
  });

  test('French errors for the 14024: speed, widths, duration, dates', async () => {
    const errors = await expectRefused(
      combined({
        cerfa14024: {
          ...TRAFFIC_ORDER,
          limitedSpeed: 45,
          trackWidthMaintained: 75,
          durationRegulation: 0,
          dateRegulation: '2026-02-30',
          gestSignagePhone: '12',
        },
      }),
    );
    expect(errors).toEqual({
      'cerfa14024.limitedSpeed': 'La valeur doit être un multiple de 10',
      'cerfa14024.trackWidthMaintained': 'La valeur doit être inférieure ou égale à 50',
      'cerfa14024.durationRegulation': 'La valeur doit être supérieure ou égale à 1',
      'cerfa14024.dateRegulation': VALIDATION_MESSAGES.date,
      'cerfa14024.gestSignagePhone': VALIDATION_MESSAGES.phoneDigits,
    });
    expect(
      await expectRefused(combined({ cerfa14024: { ...TRAFFIC_ORDER, dateRegulation: '2026-11-30' } })),
    ).toEqual({ 'cerfa14024.dateRegulation': VALIDATION_MESSAGES.regulationBeforeWorks });
  });

  test('an alignment request without its reason, the 14024 being right', async () => {
    const errors = await expectRefused(
      combined({ individualAlignmentRequest: { groundAlreadyRequested: 'non' } }),
    );
    expect(errors).toEqual({ 'individualAlignmentRequest.reasonRequest': VALIDATION_MESSAGES.required });
  });

  describe('a failure once both forms are written', () => {
    let faultDir: string;
    let f: TestApp;
    const seen: { alignmentId: number | null; cerfa14024Id: number | null }[] = [];
    // An app of its own, failing right after the forms are written.
    beforeAll(async () => {
      faultDir = await tempDataDir('filing-combined-fault');
      f = await createTestApp(
        { DATA_DIR: faultDir },
        {
          faults: {
            afterForms: (forms) => {
              seen.push(forms);
              throw new Error('panne simulée après les formulaires');
            },
          },
        },
      );
      await insertGeoFixtures(f.database.db);
    });
    afterAll(async () => {
      await f?.close();
      if (faultDir) await rm(faultDir, { recursive: true, force: true });
    });

    test('rolls back the request, its parties, its three forms, documents and files', async () => {
      const user = await createUser(f, ['ROLE_DEMANDEUR']);
      const before = await snapshot(f, faultDir);
      const res = await send(f, user, filingParts(combined(), MANDATORY[1]));
      expect(res.statusCode).toBe(500);
      expect(res.json<{ message: string }>().message).toBe('Erreur interne du serveur');
      // Both forms were written before the failure…
      expect(seen).toHaveLength(1);
      expect(seen[0]?.alignmentId).toEqual(expect.any(Number));
      expect(seen[0]?.cerfa14024Id).toEqual(expect.any(Number));
      // …and none of it stayed.
      expect(await snapshot(f, faultDir)).toEqual(before);
      expect(await filesUnder(path.join(faultDir, 'tmp'))).toEqual([]);
      expect(await f.database.db.selectFrom('mailOutbox').select('id').execute()).toEqual([]);
    });
  });
});

describe('PUT request/{id}: the update in state 8 keeps both forms', () => {
  /** A combined filing, sent back to its applicant for pieces 85 and 101. */
  async function inCompleteness(payload: unknown = combined()) {
    const { id } = await fileCombined(payload);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/request/${String(id)}/completeness`,
      headers: instructor.headers,
      payload: {
        missingDocuments: [85, 101],
        comment: 'Plan illisible',
        date: '2026-11-22',
        transferBack: true,
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    return id;
  }
  const update = (id: number, payload: unknown) =>
    send(t, alice, filingParts(payload, [85, 101]), 'PUT', `/api/request/${String(id)}`);
  const links = (id: number) =>
    t.database.db
      .selectFrom('request')
      .select(['stateId', 'alignmentId', 'cerfa14024Id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  test('the alignment and the 14024 are edited like the other forms, the history keeps the changes', async () => {
    const id = await inCompleteness();
    const before = await links(id);
    const res = await update(
      id,
      combined({
        individualAlignmentRequest: {
          ...ALIGNMENT,
          groundAlreadyRequested: 'oui',
          dateRequest: '2019-04-02',
        },
        cerfa14024: { ...TRAFFIC_ORDER, limitedSpeed: 50, detourRoute: 'Par l’avenue des Lacs' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await links(id)).toEqual({ ...before, stateId: 9 });
    const order = await t.database.db
      .selectFrom('cerfa14024')
      .select(['limitedSpeed', 'detourRoute'])
      .where('id', '=', before.cerfa14024Id!)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ limitedSpeed: 50, detourRoute: 'Par l’avenue des Lacs' });
    const alignment = await t.database.db
      .selectFrom('individualAlignmentRequest')
      .select(['groundAlreadyRequested', sql<string>`to_char(date_request, 'YYYY-MM-DD')`.as('day')])
      .where('id', '=', before.alignmentId!)
      .executeTakeFirstOrThrow();
    expect(alignment).toEqual({ groundAlreadyRequested: 'oui', day: '2019-04-02' });
    const history = await t.database.db
      .selectFrom('historyLog')
      .select('data')
      .where('entityId', '=', id)
      .where('context', '=', 'Complétude de la demande')
      .executeTakeFirstOrThrow();
    expect(history.data).toMatchObject({
      changes: {
        alignment: { groundAlreadyRequested: { before: 'non', after: 'oui' } },
        cerfa14024: { limitedSpeed: { before: 30, after: 50 } },
      },
    });
  });

  test('a payload without their keys (an older client) leaves both as they are', async () => {
    const id = await inCompleteness();
    const before = await links(id);
    const { individualAlignmentRequest: _a, cerfa14024: _c, ...older } = combined();
    const res = await update(id, older);
    expect(res.statusCode, res.body).toBe(200);
    expect(await links(id)).toEqual({ ...before, stateId: 9 });
  });

  test('a 14024 no longer asked is removed; the alignment stays as filed (neither added nor removed)', async () => {
    const id = await inCompleteness();
    const before = await links(id);
    const withoutAlignment = await update(id, combined({ individualAlignmentRequest: null }));
    expect(withoutAlignment.statusCode).toBe(400);
    expect(messagesByPath(withoutAlignment.json<Refusal>().errors)).toEqual({
      individualAlignmentRequest:
        "La demande d'alignement ne peut pas être retirée lors de la mise à jour du dossier.",
    });
    const withoutOrder = await update(id, combined({ cerfa14024: null }));
    expect(withoutOrder.statusCode, withoutOrder.body).toBe(200);
    expect(await links(id)).toEqual({ ...before, stateId: 9, cerfa14024Id: null });
    expect(
      await t.database.db
        .selectFrom('cerfa14024')
        .select('id')
        .where('id', '=', before.cerfa14024Id!)
        .execute(),
    ).toEqual([]);

    const plain = await inCompleteness(combined({ individualAlignmentRequest: null, cerfa14024: null }));
    const added = await update(plain, combined());
    expect(added.statusCode).toBe(400);
    expect(messagesByPath(added.json<Refusal>().errors)).toEqual({
      individualAlignmentRequest:
        "Une demande d'alignement ne peut pas être ajoutée lors de la mise à jour du dossier.",
    });
    // The 14024 may come with the completion (the works now on the carriageway).
    const withOrder = await update(plain, combined({ individualAlignmentRequest: null }));
    expect(withOrder.statusCode, withOrder.body).toBe(200);
    expect((await links(plain)).cerfa14024Id).toEqual(expect.any(Number));
  });
});
