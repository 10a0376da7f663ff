import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  UPLOAD_MESSAGES,
  noRoadFoundMessage,
  notMemberTownMessage,
  wayTypeNotManagedMessage,
} from '@voirie/domain';
import { testAppForFile, createTestApp, type TestApp } from './test-app.ts';
import { countRows, createUser, type TestUser } from './requests-factory.ts';
import { insertGeoFixtures } from './geo-fixtures.ts';
import {
  EXE,
  MANDATORY,
  NOWHERE,
  ON_BAYONNE,
  filesUnder,
  filingParts,
  filingPayload,
  multipart,
  pdfNamed,
  type Part,
} from './filing-helpers.ts';

const PREFIX = "Erreur lors de l'ajout du dossier : ";
const MAX = 2048;

const t = testAppForFile({ UPLOAD_MAX_BYTES: String(MAX) }, { dataDir: 'filing' });
let alice: TestUser;
let instructor: TestUser;
let gestionnaire: TestUser;
let operators: Awaited<ReturnType<typeof insertGeoFixtures>>;

beforeAll(async () => {
  operators = await insertGeoFixtures(t.database.db);
  alice = await createUser(t, ['ROLE_DEMANDEUR'], { email: 'alice.compte@exemple.fr' });
  instructor = await createUser(t, ['ROLE_INSTRUCTEUR'], { email: 'instructeur.depot@exemple.fr' });
  gestionnaire = await createUser(t, ['ROLE_GESTIONNAIRE']);
});

const file = (user: TestUser, parts: readonly Part[]) =>
  t.app.inject({ method: 'POST', url: '/api/request', ...withAuth(user, multipart(parts)) });
function withAuth(user: TestUser, body: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: body.payload, headers: { ...body.headers, ...user.headers } };
}

async function counts() {
  const one = (table: 'petitioner' | 'request' | 'cerfa14023' | 'individualAlignmentRequest' | 'document') =>
    countRows(t.database.db, table);
  return {
    petitioner: await one('petitioner'),
    request: await one('request'),
    cerfa14023: await one('cerfa14023'),
    alignment: await one('individualAlignmentRequest'),
    document: await one('document'),
  };
}

/** A refused filing: 400, the spec's prefix, the reason, and nothing written. */
async function expectRefused(parts: readonly Part[], reason: string) {
  const before = { rows: await counts(), files: await filesUnder(path.join(t.config.dataDir, 'files')) };
  const res = await file(alice, parts);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ code: string; message: string; errors: { path: string; message: string }[] }>();
  expect(body.code).toBe('VALIDATION');
  expect(body.message.startsWith(PREFIX)).toBe(true);
  expect(body.message).toContain(reason);
  expect(await counts()).toEqual(before.rows);
  expect(await filesUnder(path.join(t.config.dataDir, 'files'))).toEqual(before.files);
  expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  return body;
}

describe('POST request: a complete filing', () => {
  test.each([1, 2, 3] as const)(
    'kind %i: every row, the files on disk, state 3, history and mails',
    async (kind) => {
      const payload = filingPayload(
        kind,
        kind === 1
          ? {
              parties: {
                isbeneficiaire: true,
                beneficiary: {
                  nature: 'Entreprise',
                  corporationName: 'SARL Les Pins',
                  email: 'contact@lespins.fr',
                },
              },
              location: {
                adresses: [
                  {
                    addressType: 'Rue',
                    addressName: 'des Pinsons',
                    addressCity: 'Capbreton',
                    addressPostalCode: '40130',
                  },
                ],
              },
            }
          : {},
      );
      const contents = MANDATORY[kind].map((typeId) => ({
        typeId,
        content: pdfNamed(`kind ${String(kind)} type ${String(typeId)}`),
        filename: `pièce ${String(typeId)}.pdf`,
      }));
      const res = await file(alice, filingParts(payload, contents));
      expect(res.statusCode, res.body).toBe(201);
      const { data, message } = res.json<{
        message: string;
        data: Record<string, unknown> & {
          id: number;
          publicId: string;
          documents: { id: number; url: string; typeDocumentId: number; name: string; mimeType: string }[];
        };
      }>();
      expect(message).toBe('Votre demande a bien été déposée.');
      expect(data).toMatchObject({
        type: kind,
        stateId: 3,
        wayType: 'Voie communale',
        inUrban: false,
        numberDays: 5,
        dateStart: '2026-12-01',
        madeFonction: 'Propriétaire',
        isbeneficiaire: kind === 1,
      });
      expect(data.petitioner).toMatchObject({
        lastName: 'Durand',
        email: 'marie.durand@exemple.fr',
        addressNum: null,
      });
      expect(data.publicId).toMatch(/^[0-9a-f-]{36}$/);
      expect(data.theGeom).toMatchObject({ type: 'GeometryCollection', geometries: [{ type: 'Point' }] });
      expect(data.madeDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(data.documents.map((d) => d.typeDocumentId).sort((a, b) => a - b)).toEqual(MANDATORY[kind]);
      if (kind === 1) {
        expect(data.beneficiary).toMatchObject({ corporationName: 'SARL Les Pins' });
        expect(data.adresses).toMatchObject([{ addressName: 'des Pinsons' }]);
        expect(data.cerfa1402301).toMatchObject({
          themes: 'pose_compteur',
          isAccessDevelopment: false,
          parkingNatureOther: null,
        });
      }
      if (kind === 2)
        expect(data.individualAlignmentRequest).toMatchObject({ reasonRequest: 'Real cloture' });
      if (kind === 3) expect(data.cerfa1402301).toMatchObject({ isAccessDevelopment: true });

      const db = t.database.db;
      const row = await db
        .selectFrom('request')
        .selectAll()
        .where('id', '=', data.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ stateId: 3, ownerUserId: alice.id, type: kind });
      expect(row.cerfa14023Id === null).toBe(kind === 2);
      expect(row.alignmentId === null).toBe(kind !== 2);
      const stored = await db.selectFrom('document').selectAll().where('requestId', '=', data.id).execute();
      for (const document of stored) {
        const content = contents.find((c) => c.typeId === document.typeDocumentId)!.content;
        expect(
          await readFile(path.join(t.config.dataDir, 'files', document.sha256.slice(0, 2), document.sha256)),
        ).toEqual(content);
        expect(document).toMatchObject({
          mimeType: 'application/pdf',
          size: content.length,
          stdUserId: alice.id,
        });
      }
      // The file comes back through the API, with its type and name.
      const first = data.documents[0]!;
      const download = await t.app.inject({ method: 'GET', url: first.url, headers: alice.headers });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toContain(encodeURIComponent(first.name));
      expect(download.rawPayload).toEqual(contents.find((c) => c.typeId === first.typeDocumentId)!.content);

      const history = await db
        .selectFrom('historyLog')
        .selectAll()
        .where('entity', '=', 'request')
        .where('entityId', '=', data.id)
        .execute();
      expect(history.map((h) => h.context)).toEqual(['Dépôt de la demande']);
      const mails = await db
        .selectFrom('mailOutbox')
        .select(['toAddress', 'subject', 'textBody', 'context'])
        .where('requestId', '=', data.id)
        .orderBy('id')
        .execute();
      const to = (context: string) => mails.filter((m) => m.context === context).map((m) => m.toAddress);
      // The filing account's acknowledgement in full; the petitioner's typed address gets one
      // neutral mail, never the filing's text (mail-content.integration.test.ts).
      expect(to('Dépôt de la demande')).toContain(alice.email);
      expect(mails.filter((m) => m.toAddress === 'marie.durand@exemple.fr')).toHaveLength(1);
      expect(to('Nouvelle demande à instruire')).toContain(instructor.email);
      const ack = mails.find((m) => m.toAddress === alice.email)!;
      expect(ack.subject).toContain(`n° ${String(data.id)}`);
      expect(ack.textBody).toContain(`http://portail.test/dossiers/${data.publicId}`);
      expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
    },
  );

  test('the same content twice is stored once', async () => {
    const same = pdfNamed('deux fois');
    const res = await file(
      alice,
      filingParts(filingPayload(2), [
        { typeId: 1, content: same },
        { typeId: 3, content: same },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.database.db
      .selectFrom('document')
      .select('storageKey')
      .where('requestId', '=', res.json<{ data: { id: number } }>().data.id)
      .execute();
    expect(new Set(rows.map((r) => r.storageKey)).size).toBe(1);
  });

  test('a JSON filing (no files) is read too, and refused for its missing pieces', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/request',
      headers: alice.headers,
      payload: filingPayload(2),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(
      UPLOAD_MESSAGES.missingMandatory('Plan de situation 1/10000 ou 1/20000'),
    );
  });
});

describe('POST request: what the server refuses, writing nothing', () => {
  test('an executable renamed plan.pdf is refused by its content', async () => {
    const body = await expectRefused(
      filingParts(filingPayload(2), [
        { typeId: 1, content: EXE, filename: 'plan.pdf', type: 'application/pdf' },
        3,
      ]),
      UPLOAD_MESSAGES.contentMismatch(['application/pdf', 'image/jpeg', 'image/png']),
    );
    expect(body.errors.map((e) => e.path)).toContain('documents.1');
  });

  test('an empty file', async () => {
    await expectRefused(
      filingParts(filingPayload(2), [{ typeId: 1, content: Buffer.alloc(0) }, 3]),
      UPLOAD_MESSAGES.empty,
    );
  });

  test('a file over UPLOAD_MAX_BYTES is cut while streaming and refused', async () => {
    const big = Buffer.concat([pdfNamed('gros'), Buffer.alloc(MAX * 4, 0x20)]);
    await expectRefused(
      filingParts(filingPayload(2), [{ typeId: 1, content: big }, 3]),
      UPLOAD_MESSAGES.tooLarge(MAX),
    );
  });

  test('a town outside the 23', async () => {
    await expectRefused(
      filingParts(
        filingPayload(2, { location: { addressCity: 'Dax', addressPostalCode: '40100' } }),
        MANDATORY[2],
      ),
      notMemberTownMessage('Dax'),
    );
  });

  test('a footprint on a road of a refused type, whatever wayType the client says', async () => {
    const geometry = { type: 'GeometryCollection', geometries: [ON_BAYONNE] };
    const body = await expectRefused(
      filingParts(
        filingPayload(1, { location: { theGeom: geometry, wayType: 'Voie communale' } }),
        MANDATORY[1],
      ),
      wayTypeNotManagedMessage('Route departementale'),
    );
    expect(body.errors.map((e) => e.path)).toContain('location.theGeom');
  });

  test('a footprint on no road', async () => {
    await expectRefused(
      filingParts(
        filingPayload(2, { location: { theGeom: { type: 'GeometryCollection', geometries: [NOWHERE] } } }),
        MANDATORY[2],
      ),
      noRoadFoundMessage(),
    );
  });

  test('a missing mandatory piece is named', async () => {
    await expectRefused(
      filingParts(
        filingPayload(1),
        MANDATORY[1].filter((id) => id !== 8),
      ),
      UPLOAD_MESSAGES.missingMandatory('Plan des travaux'),
    );
  });

  test('an applicant may not attach the request to an operator', async () => {
    await expectRefused(
      filingParts(
        filingPayload(2, { location: { operatorPerimeterId: operators.reseauxSudLandes } }),
        MANDATORY[2],
      ),
      'opérateur',
    );
  });

  test('a road manager may not file (403); an anonymous caller is 401', async () => {
    const res = await file(gestionnaire, filingParts(filingPayload(2), MANDATORY[2]));
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/request', payload: filingPayload(2) })).statusCode,
    ).toBe(401);
  });
});

describe('POST request: a failure inside the transaction', () => {
  let f: TestApp;
  let failing = false;
  // An app of its own (cloned in the hook: slow on a loaded machine), failing on demand.
  beforeAll(async () => {
    f = await createTestApp(
      {},
      {
        dataDir: 'filing-fault',
        faults: {
          afterApplicant: () => {
            if (failing) throw new Error('panne simulée après le demandeur');
          },
        },
      },
    );
    await insertGeoFixtures(f.database.db);
  });
  afterAll(() => f?.close());

  test('leaves no row and no new file, but never removes a file another document uses', async () => {
    const user = await createUser(f, ['ROLE_DEMANDEUR']);
    const shared = pdfNamed('partagé');
    const ok = await f.app.inject({
      method: 'POST',
      url: '/api/request',
      ...withAuth(user, multipart(filingParts(filingPayload(2), [{ typeId: 1, content: shared }, 3]))),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const filesBefore = await filesUnder(path.join(f.config.dataDir, 'files'));
    expect(filesBefore).toHaveLength(2);
    const tables = ['petitioner', 'request', 'cerfa14023', 'individualAlignmentRequest', 'document'] as const;
    const count = async () => Promise.all(tables.map((table) => countRows(f.database.db, table)));
    const rowsBefore = await count();

    failing = true;
    for (const kind of [1, 2, 3] as const) {
      const documents = MANDATORY[kind].map((typeId) =>
        typeId === 1 ? { typeId, content: shared } : typeId,
      );
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/request',
        ...withAuth(user, multipart(filingParts(filingPayload(kind), documents))),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json<{ message: string }>().message).toBe('Erreur interne du serveur');
    }
    expect(await count()).toEqual(rowsBefore);
    expect(await filesUnder(path.join(f.config.dataDir, 'files'))).toEqual(filesBefore);
    expect(await filesUnder(path.join(f.config.dataDir, 'tmp'))).toEqual([]);
    // Only the first filing's mails: none of a failed one.
    const mailed = await f.database.db.selectFrom('mailOutbox').select('requestId').distinct().execute();
    expect(mailed.map((m) => m.requestId)).toEqual([ok.json<{ data: { id: number } }>().data.id]);
    expect(
      await f.database.db
        .selectFrom('mailOutbox')
        .select('id')
        .where('context', '=', 'Dépôt de la demande')
        .execute(),
    ).not.toHaveLength(0);
  });
});
