import { beforeAll, describe, expect, test } from 'vitest';
import { UPLOAD_MESSAGES, WORKFLOW_INPUT_MESSAGES, WORKFLOW_MESSAGES } from '@voirie/domain';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, instructionState, requestTraces, type TestUser } from './requests-factory.ts';
import { PDF, PNG, pdfNamed, postDocument, sendParts } from './filing-helpers.ts';

// The instruction actions of docs/api-instruction.md, by every role: what is allowed succeeds
// and is traced (history, mails); what is not answers 403/409/400 and changes nothing.

const t = testAppForFile({ DEPARTMENT_MAILBOX: 'routes@departement.test' }, { dataDir: 'instruction' });
const { applicant, other, instructor, admin } = accountsForFile(t, {
  applicant: ['ROLE_DEMANDEUR'],
  other: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
  admin: ['ROLE_ADMIN'],
});

beforeAll(async () => {
  await t.database.db
    .updateTable('city')
    .set({ mailMairie: 'mairie@capbreton.test' })
    .where('name', '=', 'Capbreton')
    .execute();
});

const db = () => t.database.db;

/** A request of the applicant with its form (cerfa 14023 or alignment). */
async function requestOf(kind: 1 | 2 | 3, state = 3, extra: { sendToSign?: boolean; city?: string } = {}) {
  const created = await createRequest(db(), {
    owner: applicant,
    state,
    kind,
    instructeurId: instructor.id,
    ...extra,
  });
  if (kind === 2) {
    const { id } = await db()
      .insertInto('individualAlignmentRequest')
      .values({ reasonRequest: 'vente' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('request').set({ alignmentId: id }).where('id', '=', created.id).execute();
  } else {
    const { id } = await db()
      .insertInto('cerfa14023')
      .values({ isAccessDevelopment: kind === 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('request').set({ cerfa14023Id: id }).where('id', '=', created.id).execute();
  }
  return created;
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const upload = (url: string, user: TestUser, content: Buffer, filename: string, type: string) => {
  return sendParts(t, { method: 'POST', url, user, parts: [{ name: 'file', content, filename, type }] });
};

async function snapshot(id: number) {
  const [request, { history, mails }, missing] = await Promise.all([
    instructionState(db(), id),
    requestTraces(db(), id),
    db().selectFrom('requestMissingDocument').select('typeDocumentId').where('requestId', '=', id).execute(),
  ]);
  return { request, history, mails, missing: missing.length };
}

type Detail = {
  actions: string[];
  stateId: number;
  sendToSign: boolean;
  missingDocuments: number[];
  signatureRefusal?: string | null;
  order?: unknown;
  individualAlignmentRequest?: { rues: { competence: string; points: unknown[] }[] };
  cerfa1402301?: Record<string, unknown>;
};
const detailOf = async (id: number, user: TestUser) =>
  (await call('GET', `/api/request/${String(id)}`, user)).json<{ data: Detail }>().data;

/** Waits for the mail to an address whose subject contains `subject`. */
const mailAbout = (address: string, subject: string) => t.smtp.waitForSubject(address, subject);

const completeness = {
  missingDocuments: [85, 101],
  comment: 'Plan illisible',
  date: '2026-11-22',
  transferBack: true,
};
const permissionDecision = {
  isFavorable: true,
  commentDecision: 'Accord',
  mailArreteSignes: [{ mail: 'copie@reseau.test', name: 'Opérateur' }],
};

describe('the actions the page may show come from the domain', () => {
  test('an applicant sees no instruction action; an instructor sees the instruction ones', async () => {
    const { id } = await requestOf(1);
    expect(await detailOf(id, applicant)).toMatchObject({ actions: ['cancel', 'withdraw'] });
    const actions = (await detailOf(id, instructor)).actions;
    expect(actions).toEqual(
      expect.arrayContaining(['requestCompleteness', 'reorient', 'saveDecision', 'generateOrder']),
    );
    // No order yet: the submission for signature is not offered.
    expect(actions).not.toContain('submitForSignature');
    expect(await detailOf(id, applicant)).not.toHaveProperty('order');
  });
});

describe('the reception block', () => {
  test("the request's latest reception comes with it, dates as ISO strings", async () => {
    const { id } = await requestOf(1, 6);
    await db()
      .insertInto('reception')
      .values({
        requestId: id,
        stateId: 6,
        option: 'Rendez-vous',
        rdv1: '2026-12-01T08:30:00Z',
        dateVisite: '2026-12-02',
      })
      .execute();
    const res = await call('GET', `/api/request/${String(id)}`, applicant);
    expect(res.json<{ data: { reception: unknown } }>().data.reception).toMatchObject({
      option: 'Rendez-vous',
      rdv1: '2026-12-01T08:30:00.000Z',
      rdv2: null,
      dateVisite: '2026-12-02',
      roadDisturbance: false,
    });
    const none = await requestOf(1);
    expect(
      (await call('GET', `/api/request/${String(none.id)}`, applicant)).json<{
        data: { reception: unknown };
      }>().data.reception,
    ).toBeNull();
  });
});

describe('completeness', () => {
  test('an instructor asks for pieces: state 8, the list kept, the applicant mailed, the history written', async () => {
    const { id } = await requestOf(1);
    const res = await call('POST', `/api/request/${String(id)}/completeness`, instructor, completeness);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { stateId: 8, missingDocuments: [85, 101] } });
    const mail = await t.smtp.waitFor(applicant.email);
    expect(mail.subject).toContain(`n° ${String(id)}`);
    expect(mail.text).toContain('Plan illisible');
    const log = await call('GET', `/api/log/request/${String(id)}`, instructor);
    expect(JSON.stringify(log.json())).toContain('Demande de complétude');
    const mails = await call('GET', `/api/mails/${String(id)}`, instructor);
    expect(JSON.stringify(mails.json())).toContain('Demande de complétude');
  });

  test('refusals change nothing: applicant 403, wrong state 409, transfer without 85 and 101 400, unknown type 400', async () => {
    const { id } = await requestOf(1);
    const before = await snapshot(id);
    const asApplicant = await call(
      'POST',
      `/api/request/${String(id)}/completeness`,
      applicant,
      completeness,
    );
    expect(asApplicant.statusCode).toBe(403);
    expect(asApplicant.json<{ message: string }>().message).toBe(WORKFLOW_MESSAGES.role);
    const partial = await call('POST', `/api/request/${String(id)}/completeness`, instructor, {
      ...completeness,
      missingDocuments: [85],
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json<{ message: string }>().message).toContain(
      WORKFLOW_INPUT_MESSAGES.transferBackNeeds85And101,
    );
    const unknown = await call('POST', `/api/request/${String(id)}/completeness`, instructor, {
      ...completeness,
      missingDocuments: [85, 101, 99999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(await snapshot(id)).toEqual(before);
    const works = await requestOf(1, 4);
    const inWorks = await call(
      'POST',
      `/api/request/${String(works.id)}/completeness`,
      instructor,
      completeness,
    );
    expect(inWorks.statusCode).toBe(409);
    const signing = await requestOf(1, 3, { sendToSign: true });
    expect(
      (await call('POST', `/api/request/${String(signing.id)}/completeness`, instructor, completeness))
        .statusCode,
    ).toBe(409);
    const hidden = await requestOf(1);
    expect(
      (await call('POST', `/api/request/${String(hidden.id)}/completeness`, other, completeness)).statusCode,
    ).toBe(404);
  });
});

describe('reorientation', () => {
  test("the targets are the town's mailbox and the department's; the server resolves the one chosen", async () => {
    const { id } = await requestOf(1);
    const targets = await call('GET', `/api/request/${String(id)}/reorientation-targets`, instructor);
    expect(targets.json<{ data: unknown }>().data).toEqual([
      { value: 'mairie', label: 'Mairie de la commune', mail: 'mairie@capbreton.test' },
      { value: 'departement', label: 'Département des Landes', mail: 'routes@departement.test' },
    ]);
    const res = await call('POST', `/api/request/${String(id)}/reorient`, instructor, {
      target: 'departement',
      reorientationMail: 'pirate@ailleurs.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { stateId: 11, reorientationMail: 'routes@departement.test' },
      message: 'La demande a été réorientée.',
    });
    const forwarded = await t.smtp.waitFor('routes@departement.test');
    expect(forwarded.subject).toContain(`n° ${String(id)}`);
    expect(t.smtp.mailsTo('pirate@ailleurs.test')).toHaveLength(0);
  });

  test('a town without a mailbox cannot be chosen, a bad target is refused, the applicant may not reorient', async () => {
    const { id } = await requestOf(1, 3, { city: 'Tosse' });
    const before = await snapshot(id);
    const targets = await call('GET', `/api/request/${String(id)}/reorientation-targets`, instructor);
    expect(targets.json<{ data: { mail: string | null }[] }>().data[0]?.mail).toBeNull();
    expect(
      (await call('POST', `/api/request/${String(id)}/reorient`, instructor, { target: 'mairie' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/request/${String(id)}/reorient`, instructor, { target: 'ailleurs' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/request/${String(id)}/reorient`, applicant, { target: 'departement' }))
        .statusCode,
    ).toBe(403);
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('decision', () => {
  test('networks: saved on the form, debit per hectare recomputed, obligatory sinking clears the recommended trenches', async () => {
    const { id } = await requestOf(1);
    const res = await call('PUT', `/api/request/${String(id)}/decision`, instructor, {
      ...permissionDecision,
      decisionSurfacem2: 1500,
      decisionDebitLS: 3,
      decisionResultCalc: 999,
      decisionSinking: 'obligatoire',
      decisionRoadwayTrenchRecommended: 'CH5C',
      decisionRoadwayTrench: 'CH6C',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Detail & { commentDecision: string; mailArreteSignes: unknown[] } }>().data;
    expect(data.stateId).toBe(3);
    expect(data.cerfa1402301).toMatchObject({
      isFavorable: true,
      decisionResultCalc: 0.45,
      decisionRoadwayTrench: 'CH6C',
      decisionRoadwayTrenchRecommended: null,
    });
    expect(data.commentDecision).toBe('Accord');
    expect(data.mailArreteSignes).toEqual([{ mail: 'copie@reseau.test', name: 'Opérateur' }]);
  });

  test('alignment: streets of competence RD or Privée lose their points; the streets come back with the request', async () => {
    const { id } = await requestOf(2);
    const point = { name: 'P1', type: 'clou OGE', distance: 1.2345 };
    const res = await call('PUT', `/api/request/${String(id)}/decision`, admin, {
      isFavorable: true,
      decisionHorsCompetence: false,
      rues: [
        { name: 'Rue des Pins', competence: 'Communautaire', points: [point] },
        { name: 'RD 652', competence: 'RD', points: [point] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const rues = (await detailOf(id, instructor)).individualAlignmentRequest?.rues;
    expect(rues).toEqual([
      { name: 'Rue des Pins', competence: 'Communautaire', points: [point] },
      { name: 'RD 652', competence: 'RD', points: [] },
    ]);
  });

  test('refusals: no choice, a bad recipient, an applicant, a request in signature — nothing saved', async () => {
    const { id } = await requestOf(3);
    const before = await snapshot(id);
    const noChoice = await call('PUT', `/api/request/${String(id)}/decision`, instructor, {
      commentDecision: 'x',
    });
    expect(noChoice.statusCode).toBe(400);
    const badMail = await call('PUT', `/api/request/${String(id)}/decision`, instructor, {
      isFavorable: false,
      mailArreteSignes: [{ mail: 'pas-un-mail' }],
    });
    expect(badMail.statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/request/${String(id)}/decision`, applicant, { isFavorable: true })).statusCode,
    ).toBe(403);
    expect(await snapshot(id)).toEqual(before);
    expect((await detailOf(id, instructor)).cerfa1402301?.isFavorable).toBeNull();
    const signing = await requestOf(3, 3, { sendToSign: true });
    expect(
      (await call('PUT', `/api/request/${String(signing.id)}/decision`, instructor, { isFavorable: true }))
        .statusCode,
    ).toBe(409);
  });

  test('the decision annex (97) is PDF only', async () => {
    const { id } = await requestOf(1);
    const res = await postDocument(
      t,
      instructor,
      { requestId: id, typeDocumentId: 97 },
      { content: PNG, filename: 'annexe.png', type: 'image/png' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(UPLOAD_MESSAGES.notPdf("L'annexe"));
  });
});

/** Attaches a generated order (type 93) as the order service would. */
async function attachOrder(id: number) {
  const content = pdfNamed(`arrete ${String(id)}`);
  const stored = await t.ctx.filing.store.put(
    await t.ctx.filing.store.receive((await import('node:stream')).Readable.from([content])),
  );
  await db()
    .insertInto('document')
    .values({
      requestId: id,
      stdUserId: instructor.id,
      typeDocumentId: 93,
      name: `arrete-${String(id)}.pdf`,
      mimeType: 'application/pdf',
      size: content.length,
      sha256: stored.sha256,
      storageKey: stored.storageKey,
    })
    .execute();
}

describe('signature (manual provider)', () => {
  test('no order: the submission is refused with the spec text', async () => {
    const { id } = await requestOf(1);
    await call('PUT', `/api/request/${String(id)}/decision`, instructor, permissionDecision);
    const res = await call('POST', `/api/request/${String(id)}/signature`, instructor);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(UPLOAD_MESSAGES.noOrder);
    expect((await snapshot(id)).request.sendToSign).toBe(false);
  });

  test('favourable permission: submitted (En signature), then the signed PDF ends it in 4 and is mailed attached', async () => {
    const { id } = await requestOf(1);
    await call('PUT', `/api/request/${String(id)}/decision`, instructor, permissionDecision);
    await attachOrder(id);
    const submitted = await call('POST', `/api/request/${String(id)}/signature`, instructor);
    expect(submitted.json()).toMatchObject({
      data: { stateId: 3, sendToSign: true, state: { name: 'En signature' } },
    });
    expect((await detailOf(id, instructor)).actions).toEqual(
      expect.arrayContaining(['signatureReturned', 'signatureRefused']),
    );
    expect((await detailOf(id, instructor)).actions).not.toContain('saveDecision');

    const png = await upload(
      `/api/request/${String(id)}/signature/signed`,
      instructor,
      PNG,
      'signe.png',
      'image/png',
    );
    expect(png.statusCode).toBe(400);
    expect(png.json<{ message: string }>().message).toContain(UPLOAD_MESSAGES.notPdf("L'arrêté signé"));
    expect(
      (
        await upload(
          `/api/request/${String(id)}/signature/signed`,
          applicant,
          PDF,
          'signe.pdf',
          'application/pdf',
        )
      ).statusCode,
    ).toBe(403);

    const signed = await upload(
      `/api/request/${String(id)}/signature/signed`,
      instructor,
      pdfNamed('signé'),
      'signe.pdf',
      'application/pdf',
    );
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ data: { stateId: 4, sendToSign: false } });
    const toApplicant = await mailAbout(applicant.email, `Arrêté signé — demande n° ${String(id)}`);
    expect(toApplicant.attachments.map((file) => file.filename)).toEqual([`arrete-signe-${String(id)}.pdf`]);
    const toRecipient = await mailAbout('copie@reseau.test', `n° ${String(id)}`);
    expect(toRecipient.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const applicantView = await detailOf(id, applicant);
    expect(applicantView.stateId).toBe(4);
  });

  test('alignment and refusals end in 5', async () => {
    const { id } = await requestOf(2);
    await call('PUT', `/api/request/${String(id)}/decision`, instructor, { isFavorable: true });
    await attachOrder(id);
    await call('POST', `/api/request/${String(id)}/signature`, admin);
    const signed = await upload(
      `/api/request/${String(id)}/signature/signed`,
      admin,
      pdfNamed('alignement'),
      'a.pdf',
      'application/pdf',
    );
    expect(signed.json()).toMatchObject({ data: { stateId: 5 } });
    const refused = await requestOf(3);
    await call('PUT', `/api/request/${String(refused.id)}/decision`, instructor, {
      isFavorable: false,
      decisionAccessMotifsRefus: 'visibilité',
    });
    await attachOrder(refused.id);
    await call('POST', `/api/request/${String(refused.id)}/signature`, instructor);
    const done = await upload(
      `/api/request/${String(refused.id)}/signature/signed`,
      instructor,
      pdfNamed('refus'),
      'r.pdf',
      'application/pdf',
    );
    expect(done.json()).toMatchObject({ data: { stateId: 5 } });
    // No wait for the mails here: closing while the outbox sends must still end (regression).
  });

  test("the signatory's refusal returns the request to instruction, visible to instructors only", async () => {
    const { id } = await requestOf(1);
    await call('PUT', `/api/request/${String(id)}/decision`, instructor, permissionDecision);
    await attachOrder(id);
    expect(
      (
        await call('POST', `/api/request/${String(id)}/signature/refusal`, instructor, {
          comment: 'trop tôt',
        })
      ).statusCode,
    ).toBe(409);
    await call('POST', `/api/request/${String(id)}/signature`, instructor);
    expect(
      (await call('POST', `/api/request/${String(id)}/signature/refusal`, applicant, { comment: 'x' }))
        .statusCode,
    ).toBe(403);
    const res = await call('POST', `/api/request/${String(id)}/signature/refusal`, instructor, {
      comment: 'Article 3 à revoir',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { stateId: 3, sendToSign: false, signatureRefusal: 'Article 3 à revoir' },
    });
    expect(await detailOf(id, applicant)).not.toHaveProperty('signatureRefusal');
    await mailAbout(instructor.email, `Refus de signature — demande n° ${String(id)}`);
    expect((await detailOf(id, instructor)).actions).toContain('saveDecision');
  });
});
