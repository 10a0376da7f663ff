import { beforeAll, describe, expect, test } from 'vitest';
import { accountsForFile, testAppForFile } from './test-app.ts';
import {
  attachStoredDocument,
  createRequest,
  insertAlignmentForm,
  requestHistory,
  type TestUser,
} from './requests-factory.ts';
import { multipart, pdfNamed } from './filing-helpers.ts';
import { docxText, expectNoCode, postSignedOrders, withoutLibreOfficeInFile } from './orders-helpers.ts';

// One request, every act. A networks permission asked with an alignment and a traffic-
// police order (cerfa 14024): both decisions saved at once, the 14024 completed by the
// instructor, the three orders generated from their own templates and read back, signed with one
// PDF each (a missing one refused, naming it), and mailed — the traffic order to the town's
// municipal police too. A refused permission carries no traffic order.

const POLICE = 'police@capbreton.test';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// Merged, not converted: three LibreOffice runs per generation would make this file slow (the
// conversion is orders.integration.test.ts's).
withoutLibreOfficeInFile();
// The reference roads: the traffic order is placed by the Rue des Pins.
const t = testAppForFile({}, { dataDir: 'orders-acts', geo: true });
const { alice, instructor, admin } = accountsForFile(t, {
  alice: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
  admin: ['ROLE_ADMIN'],
});
beforeAll(async () => {
  await t.database.db.updateTable('city').set({ mailPm: POLICE }).where('name', '=', 'Capbreton').execute();
});

const db = () => t.database.db;

/** The traffic-police order form as the applicant filed it. */
const FILED_14024 = {
  previousPermission: false,
  workDescription: "Pose d'une canalisation d'eau potable sous chaussée",
  durationRegulation: 10,
  dateRegulation: '2026-06-01',
  directionTraffic: 'Deux sens de circulation',
  alternatingCirculationManual: false,
  encroachmentRoadway: true,
  trackWidthMaintained: 3,
  parkCar: true,
  parkTruck: true,
  limitedSpeed: 30,
  signageBy: 'entreprise',
  gestSignageCorporationName: 'Signaux Landes',
  gestSignagePhone: '0558000000',
} as const;

/**
 * A networks permission of alice in state 3 (Capbreton), asked with an alignment and, unless
 * said otherwise, a cerfa 14024 — no decision yet.
 */
async function combinedRequest(options: { city?: string; insee?: string; traffic?: boolean } = {}) {
  const created = await createRequest(db(), {
    owner: alice,
    kind: 1,
    state: 3,
    city: options.city ?? 'Capbreton',
    ...(options.insee ? { insee: options.insee } : {}),
    numaffaire: 'AFF-2026-018',
    addressNum: '12',
    addressType: 'Rue',
    addressName: 'des Pins',
    dateStart: '2026-06-01',
    dateEnd: '2026-06-10',
  });
  const cerfa = await db()
    .insertInto('cerfa14023')
    .values({ isAccessDevelopment: false, themes: 'ouvrages_divers', natureWork: 'creation' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const alignmentId = await insertAlignmentForm(db());
  const traffic =
    options.traffic === false
      ? null
      : await db().insertInto('cerfa14024').values(FILED_14024).returning('id').executeTakeFirstOrThrow();
  await db()
    .updateTable('request')
    .set({ cerfa14023Id: cerfa.id, alignmentId, cerfa14024Id: traffic?.id ?? null })
    .where('id', '=', created.id)
    .execute();
  return created;
}

/** Both decisions of the dialog's two tabs. */
const decisionOf = (permission: boolean, alignment = true) => ({
  isFavorable: permission,
  commentDecision: 'Prévenir la mairie 48 h avant.',
  mailArreteSignes: [{ mail: 'mairie@capbreton.fr', name: 'Mairie de Capbreton' }],
  decisionRoadwayTrench: 'CH6C',
  decisionSinking: 'préconisé',
  decisionAccessMotifsRefus: permission ? null : 'visibilité',
  alignement: {
    isFavorable: alignment,
    commentDecision: 'Limite constatée sur place.',
    decisionHorsCompetence: !alignment,
    alignmentOrderNumber: 'AL-2026-031',
    rues: [
      {
        name: 'Rue des Pins',
        competence: 'Communautaire',
        points: [{ name: 'P1', type: 'borne OGE nouvelle', distance: 2.35 }],
      },
    ],
  },
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: user.headers, ...(payload ? { payload } : {}) });

interface Detail {
  stateId: number;
  sendToSign: boolean;
  actions: string[];
  documents: { name: string }[];
  order: { acts: { act: string; title: string; docx: { name: string } | null }[] } | null;
}
const detailOf = async (id: number, user: TestUser) =>
  (await call('GET', `request/${String(id)}`, user)).json<{ data: Detail }>().data;

const documentsOf = (id: number) =>
  db()
    .selectFrom('document')
    .select(['id', 'name', 'typeDocumentId', 'mimeType', 'storageKey'])
    .where('requestId', '=', id)
    .orderBy('id')
    .execute();
const textOf = async (id: number, name: string) => {
  const document = (await documentsOf(id)).find((candidate) => candidate.name === name);
  expect(document, name).toBeDefined();
  return docxText((await t.ctx.filing.store.read(document!.storageKey))!);
};
const historyOf = (id: number) => requestHistory(db(), id);
const mailCount = async (id: number) =>
  (await db().selectFrom('mailOutbox').select('id').where('requestId', '=', id).execute()).length;

/** POST request/{id}/signature/signed with a PDF in each of these fields. */
const sign = (id: number, user: TestUser, fields: readonly string[]) => postSignedOrders(t, id, user, fields);

const mailAbout = (address: string, subject: string) => t.smtp.waitForSubject(address, subject);

describe('a permission with its alignment and its traffic order', () => {
  test(
    'decided at once, the 14024 completed, three orders generated, signed together and mailed',
    { timeout: 120_000 },
    async () => {
      const { id } = await combinedRequest();

      // 1. The decision dialog's two tabs, in one call.
      const decided = await call('PUT', `request/${String(id)}/decision`, instructor, decisionOf(true));
      expect(decided.statusCode, decided.body).toBe(200);
      const alignment = await db()
        .selectFrom('request as r')
        .innerJoin('individualAlignmentRequest as a', 'a.id', 'r.alignmentId')
        .innerJoin('cerfa14023 as c', 'c.id', 'r.cerfa14023Id')
        .select(['a.isFavorable as alignmentFavorable', 'a.alignmentOrderNumber', 'c.isFavorable'])
        .where('r.id', '=', id)
        .executeTakeFirstOrThrow();
      expect(alignment).toEqual({
        alignmentFavorable: true,
        alignmentOrderNumber: 'AL-2026-031',
        isFavorable: true,
      });
      expect((await detailOf(id, instructor)).actions).toContain('completeTrafficOrder');

      // 2. The instructor completes the 14024 and words the published detour: each
      // change kept in the history, before and after.
      const completed = await call('PUT', `request/${String(id)}/cerfa14024`, instructor, {
        ...FILED_14024,
        limitedSpeed: 20,
        publishedDetourRoute: "Par la rue des Écoles et l'avenue de la Plage.",
      });
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json()).toMatchObject({
        message: 'Le cerfa 14024 a été enregistré.',
        data: { cerfa14024: { limitedSpeed: 20 } },
      });
      const completion = (await historyOf(id)).at(-1)!;
      expect(completion.context).toBe('Cerfa 14024 complété par le service instructeur');
      expect(completion.data).toMatchObject({
        changes: {
          limitedSpeed: { before: 30, after: 20 },
          publishedDetourRoute: { before: null, after: "Par la rue des Écoles et l'avenue de la Plage." },
        },
      });
      expect(Object.keys((completion.data as { changes: object }).changes).sort()).toEqual([
        'limitedSpeed',
        'publishedDetourRoute',
      ]);

      // 3. One generation, three acts, each from its template, under its own name.
      const generated = await call('POST', `request/${String(id)}/order`, instructor);
      expect(generated.statusCode, generated.body).toBe(200);
      const names = (await documentsOf(id)).map((document) => [document.name, document.typeDocumentId]);
      expect(names).toEqual([
        [`arrete-${String(id)}.docx`, 93],
        [`arrete-alignement-${String(id)}.docx`, 1093],
        [`arrete-circulation-${String(id)}.docx`, 2093],
      ]);
      const permission = await textOf(id, `arrete-${String(id)}.docx`);
      const alignmentOrder = await textOf(id, `arrete-alignement-${String(id)}.docx`);
      const trafficOrder = await textOf(id, `arrete-circulation-${String(id)}.docx`);
      for (const [text, what] of [
        [permission, 'permission'],
        [alignmentOrder, 'alignment'],
        [trafficOrder, 'traffic'],
      ] as const)
        expectNoCode(text, what);
      expect(permission).toContain('Arrêté portant permission de voirie');
      expect(permission).toContain('(Ouvrages divers – Création)');
      expect(permission).toContain('Tranchée sous chaussée : CH6C');
      expect(permission).toContain('Observations : Prévenir la mairie 48 h avant.');
      expect(alignmentOrder).toContain("Arrêté d'alignement individuel n° AL-2026-031");
      expect(alignmentOrder).toContain(
        'Rue des Pins (Communautaire) :\n– point P1 (borne OGE nouvelle) : 2,35 m',
      );
      expect(alignmentOrder).toContain('Observations : Limite constatée sur place.');
      expect(alignmentOrder).not.toContain('Prévenir la mairie');
      for (const expected of [
        'Arrêté de police de la circulation',
        "à compter du 01/06/2026 et pour une durée de 10 jour(s) calendaire(s), soit jusqu'au 10/06/2026 inclus.",
        // The works by their labels: the description typed is not published.
        "l'exécution de ces travaux (Ouvrages divers – Création)",
        'Sens de circulation concerné : Deux sens de circulation.',
        'La circulation est alternée par feux tricolores.',
        'Une largeur de voie de 3 m est maintenue à la circulation.',
        'Interdiction de stationner : véhicules légers et poids lourds ;',
        'La vitesse est limitée à 20 km/h au droit du chantier.',
        'Une déviation est mise en place et signalée sur place.',
        "Itinéraire de déviation : Par la rue des Écoles et l'avenue de la Plage.",
        'mise en place, entretenue et retirée par une entreprise spécialisée, pour le compte du bénéficiaire de la permission,',
        'la police municipale de Capbreton',
        // Published: a private applicant is « un particulier », the place the reference road.
        'présentée le ',
        'par un particulier, pour des travaux situés Rue des Pins, 40130 Capbreton ;',
        'au droit du chantier situé Rue des Pins, 40130 Capbreton',
        'Le présent arrêté sera notifié au demandeur (un particulier)',
      ])
        expect(trafficOrder).toContain(expected);
      for (const typed of [
        'Marie',
        'Durand',
        alice.email,
        '12 Rue des Pins',
        'mairie@capbreton.fr',
        'Signaux Landes',
        '0558000000',
        'canalisation',
      ])
        expect(trafficOrder, typed).not.toContain(typed);

      // The page offers each act's order; the documents list keeps them out.
      const generatedDetail = await detailOf(id, instructor);
      expect(generatedDetail.order?.acts.map((act) => [act.act, act.title, act.docx?.name])).toEqual([
        ['permission', 'Arrêté de permission de voirie', `arrete-${String(id)}.docx`],
        ['alignment', "Arrêté d'alignement individuel", `arrete-alignement-${String(id)}.docx`],
        ['traffic', 'Arrêté de police de la circulation', `arrete-circulation-${String(id)}.docx`],
      ]);
      expect(generatedDetail.documents).toEqual([]);

      // 4. All the acts go to signature.
      const submitted = await call('POST', `request/${String(id)}/signature`, instructor);
      expect(submitted.statusCode, submitted.body).toBe(200);

      // 5. A missing signed act: 400 naming it, nothing moves.
      const before = {
        state: await detailOf(id, instructor),
        documents: await documentsOf(id),
        history: await historyOf(id),
        mails: await mailCount(id),
      };
      const missing = await sign(id, instructor, ['permission', 'alignment']);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        errors: [
          {
            path: 'traffic',
            message:
              "Veuillez joindre l'arrêté de police de la circulation signé (un fichier PDF). (traffic)",
          },
        ],
      });
      const unknown = await sign(id, instructor, ['permission', 'alignment', 'autre']);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<{ message: string }>().message).toContain(
        'Le fichier « autre » ne correspond à aucun arrêté de cette demande.',
      );
      // One file per act at most.
      const twice = await sign(id, instructor, ['permission', 'traffic', 'traffic']);
      expect(twice.statusCode).toBe(400);
      expect(twice.json<{ message: string }>().message).toContain(
        "Un seul fichier est attendu pour l'arrêté de police de la circulation signé.",
      );
      expect({
        state: await detailOf(id, instructor),
        documents: await documentsOf(id),
        history: await historyOf(id),
        mails: await mailCount(id),
      }).toEqual(before);

      // 6. One PDF per act: the request follows its favourable permission into the works (4).
      const signed = await sign(id, admin, ['traffic', 'permission', 'alignment']);
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json()).toMatchObject({ data: { stateId: 4, sendToSign: false } });
      const signedNames = (await documentsOf(id))
        .filter((document) => [21, 1021, 2021].includes(document.typeDocumentId))
        .map((document) => [document.name, document.typeDocumentId]);
      expect(signedNames).toEqual([
        [`arrete-signe-${String(id)}.pdf`, 21],
        [`arrete-alignement-signe-${String(id)}.pdf`, 1021],
        [`arrete-circulation-signe-${String(id)}.pdf`, 2021],
      ]);
      const attached = [
        `arrete-signe-${String(id)}.pdf`,
        `arrete-alignement-signe-${String(id)}.pdf`,
        `arrete-circulation-signe-${String(id)}.pdf`,
      ];
      const subject = `Arrêtés signés — demande n° ${String(id)}`;
      const toApplicant = await mailAbout(alice.email, subject);
      expect(toApplicant.attachments.map((file) => file.filename)).toEqual(attached);
      expect(toApplicant.text).toContain(
        "l'arrêté de permission de voirie, l'arrêté d'alignement individuel et l'arrêté de police de la circulation",
      );
      const toMairie = await mailAbout('mairie@capbreton.fr', subject);
      expect(toMairie.attachments.map((file) => file.filename)).toEqual(attached);
      const toPolice = await mailAbout(
        POLICE,
        `Arrêté de police de la circulation signé — demande n° ${String(id)}`,
      );
      expect(toPolice.attachments.map((file) => file.filename)).toEqual([
        `arrete-circulation-signe-${String(id)}.pdf`,
      ]);
      expect(toPolice.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(t.smtp.mailsTo(POLICE)).toHaveLength(1);
      expect((await historyOf(id)).at(-1)).toMatchObject({
        context: "L'arrêté signé a été enregistré.",
        data: { municipalPolice: POLICE },
      });
    },
  );

  test('a refused permission carries no traffic order: two acts, closed once signed (5)', async () => {
    const { id } = await combinedRequest();
    expect((await call('PUT', `request/${String(id)}/decision`, admin, decisionOf(false))).statusCode).toBe(
      200,
    );
    expect((await call('POST', `request/${String(id)}/order`, admin)).statusCode).toBe(200);
    expect((await documentsOf(id)).map((document) => document.name)).toEqual([
      `arrete-${String(id)}.docx`,
      `arrete-alignement-${String(id)}.docx`,
    ]);
    const refusal = await textOf(id, `arrete-${String(id)}.docx`);
    expect(refusal).toContain('Arrêté portant refus de permission de voirie');
    expectNoCode(refusal, 'refusal');
    expect((await detailOf(id, admin)).order?.acts.map((act) => act.act)).toEqual([
      'permission',
      'alignment',
    ]);
    expect((await call('POST', `request/${String(id)}/signature`, admin)).statusCode).toBe(200);
    // A traffic order is not asked for: the field is refused.
    expect((await sign(id, admin, ['permission', 'alignment', 'traffic'])).statusCode).toBe(400);
    const signed = await sign(id, admin, ['permission', 'alignment']);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ data: { stateId: 5 } });
  });

  test('a town without a municipal police address: the signed traffic order stays, the history says so', async () => {
    const { id } = await combinedRequest({ city: 'Tosse', insee: '40317' });
    await call('PUT', `request/${String(id)}/decision`, instructor, decisionOf(true));
    // The orders as generated (their content is the test above's).
    for (const [typeDocumentId, name] of [
      [93, 'arrete.docx'],
      [1093, 'arrete-alignement.docx'],
      [2093, 'arrete-circulation.docx'],
    ] as const)
      await attachStoredDocument(t, {
        requestId: id,
        typeDocumentId,
        name,
        stdUserId: instructor.id,
        mimeType: DOCX,
      });
    expect((await call('POST', `request/${String(id)}/signature`, instructor)).statusCode).toBe(200);
    const signed = await sign(id, instructor, ['permission', 'alignment', 'traffic']);
    expect(signed.statusCode, signed.body).toBe(200);
    const history = await historyOf(id);
    expect(history.map((entry) => entry.context)).toContain(
      "Arrêté de police de la circulation non envoyé à la police municipale : aucune adresse de police municipale n'est renseignée pour la commune de Tosse.",
    );
    expect(history.at(-1)).toMatchObject({ data: { municipalPolice: null } });
    await mailAbout(alice.email, `Arrêtés signés — demande n° ${String(id)}`);
  });
});

describe('what the instructor may not do', () => {
  test('a combined decision without the alignment is refused, naming it; nothing is written', async () => {
    const { id } = await combinedRequest();
    const { alignement: _alignment, ...permissionOnly } = decisionOf(true);
    const res = await call('PUT', `request/${String(id)}/decision`, instructor, permissionOnly);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: [{ path: 'alignement', message: "Veuillez renseigner la décision d'alignement. (alignement)" }],
    });
    expect(await historyOf(id)).toEqual([]);
  });

  test('generating without the alignment decision: 409 and nothing changes', async () => {
    const { id } = await combinedRequest();
    // The permission decided, the alignment not.
    await db()
      .updateTable('cerfa14023')
      .set({ isFavorable: true })
      .where('id', '=', (eb) => eb.selectFrom('request').select('cerfa14023Id').where('request.id', '=', id))
      .execute();
    const res = await call('POST', `request/${String(id)}/order`, instructor);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      "Veuillez enregistrer la décision d'alignement avant de générer les arrêtés.",
    );
    expect(await documentsOf(id)).toEqual([]);
  });

  test('a 14024 with a bad value is refused in French; a request without one has nothing to complete', async () => {
    const { id } = await combinedRequest();
    const bad = await call('PUT', `request/${String(id)}/cerfa14024`, instructor, {
      directionTraffic: 'Sens unique',
    });
    expect(bad.statusCode).toBe(400);
    expect(await historyOf(id)).toEqual([]);
    const without = await combinedRequest({ traffic: false });
    const none = await call('PUT', `request/${String(without.id)}/cerfa14024`, instructor, {
      limitedSpeed: 30,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json<{ message: string }>().message).toBe(
      "Cette demande ne comporte pas de demande d'arrêté de police de la circulation (cerfa 14024).",
    );
  });

  test("an act's edited order replaces that act's; an act the request lacks is refused", async () => {
    const { id } = await combinedRequest({ traffic: false });
    const edited = pdfNamed('arrêté édité');
    const put = (act: string) => {
      const body = multipart([{ name: 'file', content: edited, filename: 'a.pdf', type: 'application/pdf' }]);
      return t.app.inject({
        method: 'PUT',
        url: `/api/request/${String(id)}/order?act=${act}`,
        payload: body.payload,
        headers: { ...body.headers, ...instructor.headers },
      });
    };
    const replaced = await put('alignment');
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await documentsOf(id)).map((document) => [document.name, document.typeDocumentId])).toEqual([
      [`arrete-alignement-${String(id)}.pdf`, 1093],
    ]);
    const refused = await put('traffic');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain(
      "Cette demande n'a pas d'arrêté de ce type.",
    );
  });
});
