import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { createSignedPermission, RECEPTION_REFUSAL } from './works-helpers.ts';
import { createRequest, createUser, requestHistory, type TestUser } from './requests-factory.ts';
import { PDF, PNG, jpegWithGps, multipart, type Part } from './filing-helpers.ts';
import { docxText } from './orders-helpers.ts';

// The works phase end to end through HTTP (docs/api-works.md), as the e2e journey walks
// it: signed permission (4) -> reception asked with photos -> refused with reasons and photos,
// formal notice -> asked again (12) -> appointments proposed, declined, proposed again, accepted
// -> accepted, minutes -> 2; road disturbance from 2 and its minutes; extension from 4; cancel
// works. Mails are read in the test SMTP server; letters are read back from their DOCX.

let t: TestApp;
let applicant: TestUser;
let instructor: TestUser;

beforeAll(async () => {
  t = await createTestApp({ RECORDS_MAILBOX: 'ged@cc-macs.test' }, { dataDir: 'works-journey' });
  applicant = await createUser(t, ['ROLE_DEMANDEUR'], { firstName: 'Claire', lastName: 'Dupont' });
  instructor = await createUser(t, ['ROLE_INSTRUCTEUR'], { firstName: 'Paul', lastName: 'Martin' });
});
afterAll(() => t?.close());

const db = () => t.database.db;

/** A favourable networks permission of the applicant, signed: state 4. */
const signedPermission = (kind: 1 | 3 = 1) => createSignedPermission(db(), { applicant, instructor }, kind);

interface Answer {
  statusCode: number;
  body: string;
  json: <T>() => T;
}
type Detail = {
  id: number;
  stateId: number;
  actions: string[];
  reception: Record<string, unknown> | null;
  letters: Record<string, { docx: { id: number; url: string } | null; sentAt: string | null } | null>;
  linkedRequests: { original: { id: number } | null; extension: { id: number } | null };
  receptionDocuments: {
    typeDocumentId: number;
    lat: number | null;
    positionSource: string | null;
    distanceMetres: number | null;
  }[];
};
const data = (res: Answer) => res.json<{ data: Detail; message: string }>();

const post = (url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const send = (method: 'POST' | 'PUT', url: string, user: TestUser, parts: Part[]) => {
  const body = multipart(parts);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...user.headers } });
};

function expectOk(res: Answer, message?: string) {
  expect(res.statusCode, res.body).toBe(200);
  if (message) expect(data(res).message).toBe(message);
  return data(res).data;
}

/** The first mail to this address whose subject contains `subject`, once delivered. */
async function waitForSubject(address: string, subject: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const found = t.smtp.mailsTo(address).find((mail) => mail.subject?.includes(subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `no mail "${subject}" to ${address}: ${t.smtp
      .mailsTo(address)
      .map((mail) => mail.subject)
      .join(' | ')}`,
  );
}

describe('the works phase, from the signed order to the received works', () => {
  // Two letters converted by LibreOffice: 30 s and more on a loaded 2-core machine.
  test(
    'reception refused with reasons, formal notice, appointments, accepted with minutes',
    { timeout: 120_000 },
    async () => {
      const { id } = await signedPermission();
      const base = `/api/request/${String(id)}`;
      const asked = expectOk(
        await send('POST', `${base}/reception`, applicant, [
          { name: 'option', content: 'Photos' },
          { name: 'positions', content: JSON.stringify({ 'document-104': { lat: 43.631, lon: -1.429 } }) },
          { name: 'document-104', content: PNG, filename: 'photo.png', type: 'image/png' },
          { name: 'document-105', content: PNG, filename: 'photo2.png', type: 'image/png' },
        ]),
        'Votre demande de réception a été envoyée.',
      );
      expect(asked.stateId).toBe(7);
      expect(asked.reception).toMatchObject({ option: 'Photos', stateId: 7 });
      // The reception documents are the staff's: the applicant's answer carries none.
      expect(asked.receptionDocuments).toEqual([]);
      const staffView = expectOk(await t.app.inject({ url: base, headers: instructor.headers }));
      const photo = staffView.receptionDocuments.find((document) => document.typeDocumentId === 104);
      expect(photo).toMatchObject({ lat: 43.631 });
      expect(await t.smtp.waitFor(instructor.email)).toMatchObject({
        subject: expect.stringContaining('Demande de réception des travaux'),
      });

      // The instructor cannot validate before a formal notice or minutes exists.
      const refusal = RECEPTION_REFUSAL;
      const early = await post(`${base}/reception/outcome`, instructor, refusal);
      expect(early.statusCode).toBe(400);
      expect(early.body).toContain('Veuillez générer le procès-verbal ou la mise en demeure');

      const notice = expectOk(await post(`${base}/letters/formalNotice`, instructor, refusal));
      const docxId = notice.letters.formalNotice?.docx?.id;
      expect(docxId).toBeDefined();
      const document = await db()
        .selectFrom('document')
        .select(['name', 'storageKey'])
        .where('id', '=', docxId!)
        .executeTakeFirstOrThrow();
      expect(document.name).toBe(`mise-en-demeure-${String(id)}.docx`);
      const text = docxText((await t.ctx.filing.store.read(document.storageKey))!);
      expect(text).toContain(`Demande n° ${String(id)}`);
      expect(text).toContain('Bordure abîmée');
      expect(text).toContain('émulsion'); // the fixed sentence of 'joints'
      // An act: signed by the request's signatory, here none chosen, so the instructor (docs/acts.md).
      expect(text).toMatch(/salutations distinguées\.\nPaul Martin\n$/);
      // A draft: the applicant sees no letter yet.
      const seen = data(await t.app.inject({ method: 'GET', url: base, headers: applicant.headers })).data;
      expect(seen.letters.formalNotice).toBeNull();

      const photos = [1, 2].map((n) => ({
        name: 'photo',
        content: PNG,
        filename: `refus${String(n)}.png`,
        type: 'image/png',
      }));
      const refused = expectOk(
        await send('POST', `${base}/reception/outcome`, instructor, [
          { name: 'reception', content: JSON.stringify(refusal) },
          ...photos,
        ]),
        'Réception refusée.',
      );
      expect(refused.stateId).toBe(12);
      const refusedMail = await t.smtp.waitFor(applicant.email, 1);
      expect(refusedMail.subject).toContain('Réception des travaux refusée');
      // The PDF when LibreOffice made one, else the DOCX.
      expect(refusedMail.attachments.map((attachment) => attachment.filename)).toEqual([
        expect.stringMatching(new RegExp(`^mise-en-demeure-${String(id)}\\.(pdf|docx)$`)),
      ]);
      const afterRefusal = data(
        await t.app.inject({ method: 'GET', url: base, headers: applicant.headers }),
      ).data;
      expect(afterRefusal.letters.formalNotice?.sentAt).toBeTruthy();

      // The formal notice goes to the records system.
      const archived = expectOk(await post(`/api/document/elise/${String(docxId)}`, instructor));
      expect(archived.stateId).toBe(12);
      expect((await t.smtp.waitFor('ged@cc-macs.test')).attachments).toHaveLength(1);

      // Asked again from 12, by appointment.
      const again = expectOk(await post(`${base}/reception`, applicant, { option: 'Rendez-vous' }));
      expect(again).toMatchObject({ stateId: 6, reception: { exState: 12, avis: null } });
      const past = await post(`${base}/appointments`, instructor, { appointments: ['2020-01-01T09:00:00Z'] });
      expect(past.statusCode).toBe(400);
      expect(past.body).toContain('Un rendez-vous proposé doit être dans le futur');
      expectOk(
        await post(`${base}/appointments`, instructor, {
          appointments: ['2099-01-05T08:00:00Z', '2099-01-06T13:30:00Z'],
        }),
        'Proposition de rendez-vous effectuée.',
      );
      const declined = expectOk(
        await post(`${base}/appointments/decline`, applicant),
        'Refus de rendez-vous effectué.',
      );
      expect(declined.reception).toMatchObject({ rdv1: null, rdv2: null, rdv3: null });
      expect(declined.actions).not.toContain('chooseAppointment');
      expectOk(await post(`${base}/appointments`, instructor, { appointments: ['2099-02-01T08:00:00Z'] }));
      const chosen = expectOk(
        await post(`${base}/appointments/choice`, applicant, { choice: 1 }),
        'Rendez-vous accepté.',
      );
      expect(chosen).toMatchObject({ stateId: 7, reception: { acceptRdv: 1 } });
      const acceptedMail = await waitForSubject(applicant.email, 'Rendez-vous de réception accepté');
      const ics = acceptedMail.attachments.find((attachment) => attachment.filename === 'rendez-vous.ics');
      expect(ics?.contentType).toBe('text/calendar');
      expect(ics?.content.toString()).toContain('BEGIN:VEVENT');
      expect(ics?.content.toString()).toContain('DTSTART:20990201T080000Z');

      const accepted = { avis: 'accepté', dateVisite: '2099-02-01', partieDomainePublic: ['Trottoir'] };
      const minutes = expectOk(await post(`${base}/letters/minutes`, instructor, accepted));
      expect(minutes.letters.minutes?.docx).toBeTruthy();
      const received = expectOk(
        await post(`${base}/reception/outcome`, instructor, accepted),
        'Dossier réceptionné.',
      );
      expect(received.stateId).toBe(2);
      // The acceptance carries its minutes, not the formal notice already mailed with the refusal.
      const receivedMail = await waitForSubject(applicant.email, 'Travaux réceptionnés');
      expect(receivedMail.attachments.map((attachment) => attachment.filename)).toEqual([
        expect.stringMatching(new RegExp(`^pv-reception-${String(id)}\\.(pdf|docx)$`)),
      ]);

      const comments = (
        await t.app.inject({ method: 'GET', url: `${base}/comments`, headers: applicant.headers })
      ).json<{
        data: { text: string; author: string | null }[];
      }>().data;
      expect(comments.map((comment) => comment.text).join(' ')).toContain('Bordure abîmée');
      expect(comments[0]?.author).toBe('Paul Martin');
      const contexts = (await requestHistory(db(), id)).map((entry) => entry.context);
      expect(contexts).toEqual(
        expect.arrayContaining(['Réception refusée.', 'Rendez-vous accepté.', 'Dossier réceptionné.']),
      );
    },
  );

  test('a road disturbance on received works, and its minutes mailed to the applicant', async () => {
    const { id } = await signedPermission();
    const base = `/api/request/${String(id)}`;
    await db().updateTable('request').set({ stateId: 2 }).where('id', '=', id).execute();
    await db().insertInto('reception').values({ requestId: id, stateId: 2, avis: 'accepté' }).execute();
    const report = {
      witnessId: instructor.id,
      comment: 'Affaissement de la tranchée',
      lat: 43.6312,
      lon: -1.4291,
    };
    const declared = expectOk(
      await send('POST', `${base}/road-disturbance`, instructor, [
        { name: 'report', content: JSON.stringify(report) },
        { name: 'photo', content: PNG, filename: 'trou.png', type: 'image/png' },
      ]),
      'La perturbation de voirie a été déclarée.',
    );
    expect(declared).toMatchObject({
      stateId: 2,
      reception: {
        roadDisturbance: true,
        witnessName: 'Paul Martin',
        disturbanceComment: 'Affaissement de la tranchée',
      },
    });
    expect(declared.actions).toContain('generateDisturbanceMinutes');
    const minutes = expectOk(await post(`${base}/letters/disturbanceMinutes`, instructor, {}));
    expect(minutes.letters.disturbanceMinutes?.sentAt).toBeTruthy();
    const mail = t.smtp
      .mailsTo(applicant.email)
      .find((candidate) => candidate.subject?.includes('Procès-verbal de perturbation'));
    expect(mail ?? (await t.smtp.waitFor(applicant.email, 2))).toBeDefined();
  });

  test('an extension duplicates the permission with new dates: original 10, extension filed in 3', async () => {
    const { id } = await signedPermission();
    const inverted = await post(`/api/request/extension/${String(id)}`, applicant, {
      dateStart: '2027-01-10',
      dateEnd: '2027-01-05',
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.body).toContain(
      'La date de fin de travaux ne peut pas être inférieure à la date de début des travaux',
    );
    const extension = expectOk(
      await post(`/api/request/extension/${String(id)}`, applicant, {
        dateStart: '2027-01-05',
        dateEnd: '2027-01-20',
      }),
      'La demande de prolongation a été créée.',
    );
    expect(extension).toMatchObject({ stateId: 3, linkedRequests: { original: { id } } });
    expect(extension.id).not.toBe(id);
    const original = data(
      await t.app.inject({ method: 'GET', url: `/api/request/${String(id)}`, headers: applicant.headers }),
    ).data;
    expect(original).toMatchObject({ stateId: 10, linkedRequests: { extension: { id: extension.id } } });
    const copied = await db()
      .selectFrom('request')
      .select(['type', 'dateStart', 'numberDays', 'extensionOfId', 'ownerUserId'])
      .where('id', '=', extension.id)
      .executeTakeFirstOrThrow();
    expect(copied).toMatchObject({ type: 1, numberDays: 16, extensionOfId: id, ownerUserId: applicant.id });
    // Filed for instruction like any request: the instructor may decide it.
    const asInstructor = data(
      await t.app.inject({
        method: 'GET',
        url: `/api/request/${String(extension.id)}`,
        headers: instructor.headers,
      }),
    ).data;
    expect(asInstructor.actions).toEqual(expect.arrayContaining(['saveDecision', 'requestCompleteness']));
    // Extended once: the original can no longer be extended.
    expect(
      (
        await post(`/api/request/extension/${String(id)}`, applicant, {
          dateStart: '2027-02-01',
          dateEnd: '2027-02-02',
        })
      ).statusCode,
    ).toBe(409);
  });

  test("photos keep their place: the device's position, else the JPEG's EXIF GPS; distance to the works", async () => {
    const { id } = await signedPermission();
    const asked = expectOk(
      await send('POST', `/api/request/${String(id)}/reception`, applicant, [
        { name: 'option', content: 'Photos' },
        // On the works (the factory's Capbreton footprint), from the EXIF only.
        {
          name: 'document-104',
          content: jpegWithGps(43.6311, -1.4295),
          filename: 'ici.jpg',
          type: 'image/jpeg',
        },
        // Two kilometres away, and no position at all for the PNG.
        {
          name: 'document-105',
          content: jpegWithGps(43.65, -1.43),
          filename: 'loin.jpg',
          type: 'image/jpeg',
        },
        { name: 'document-102', content: PNG, filename: 'plan.png', type: 'image/png' },
      ]),
    );
    expect(asked.stateId).toBe(7);
    const seen = expectOk(
      await t.app.inject({ url: `/api/request/${String(id)}`, headers: instructor.headers }),
    );
    const photo = (type: number) =>
      seen.receptionDocuments.find((document) => document.typeDocumentId === type);
    expect(photo(104)).toMatchObject({ lat: 43.6311, lon: -1.4295, positionSource: 'exif' });
    expect(photo(104)?.distanceMetres).toBeLessThan(200);
    expect(photo(105)?.distanceMetres).toBeGreaterThan(1500);
    expect(photo(102)).toMatchObject({ lat: null, positionSource: null, distanceMetres: null });
  });

  test('an access permission asks for its reception with photos only: trench records are refused', async () => {
    const { id } = await signedPermission(3);
    const photos: Part[] = [
      { name: 'option', content: 'Photos' },
      { name: 'document-104', content: PNG, filename: 'acces.png', type: 'image/png' },
      { name: 'document-105', content: PNG, filename: 'cloture.png', type: 'image/png' },
    ];
    const refused = await send('POST', `/api/request/${String(id)}/reception`, applicant, [
      ...photos,
      { name: 'document-103', content: PDF, filename: 'compactage.pdf', type: 'application/pdf' },
    ]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain("Ce type de pièce n'est pas accepté pour cette demande.");
    const documents = () =>
      db().selectFrom('document').select('typeDocumentId').where('requestId', '=', id).execute();
    expect(await documents()).toEqual([]);
    const unchanged = await db()
      .selectFrom('request')
      .select('stateId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(unchanged.stateId).toBe(4);

    const asked = expectOk(await send('POST', `/api/request/${String(id)}/reception`, applicant, photos));
    expect(asked.stateId).toBe(7);
    expect((await documents()).map((row) => row.typeDocumentId).sort()).toEqual([104, 105]);
  });

  test('cancel works returns a signed permission to 1', async () => {
    const { id } = await signedPermission();
    const done = expectOk(
      await post(`/api/request/${String(id)}/cancel-works`, applicant),
      'Travaux annulés',
    );
    expect(done.stateId).toBe(1);
  });

  test('managers: the instructor; an applicant may delete its own piece before instruction only', async () => {
    const { id } = await signedPermission();
    const managers = (
      await t.app.inject({
        method: 'GET',
        url: `/api/request/${String(id)}/managers`,
        headers: applicant.headers,
      })
    ).json<{
      data: { instructor: { name: string } | null; roadManagers: unknown[] };
    }>().data;
    expect(managers.instructor).toMatchObject({ name: 'Paul Martin', email: instructor.email });

    // A piece the applicant filed, on a request not yet instructed.
    const fresh = await createRequest(db(), { owner: applicant, state: 3, kind: 1 });
    const stored = await t.ctx.filing.store.put(
      await t.ctx.filing.store.receive((await import('node:stream')).Readable.from([PDF])),
    );
    const { id: documentId } = await db()
      .insertInto('document')
      .values({
        requestId: fresh.id,
        stdUserId: applicant.id,
        typeDocumentId: 18,
        name: 'piece.pdf',
        mimeType: 'application/pdf',
        size: PDF.length,
        sha256: stored.sha256,
        storageKey: stored.storageKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await createUser(t, ['ROLE_DEMANDEUR']);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/document/${String(documentId)}`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/document/${String(documentId)}`,
      headers: applicant.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ message: string }>().message).toBe('La pièce a été supprimée.');
    expect(
      await db().selectFrom('document').select('id').where('id', '=', documentId).executeTakeFirst(),
    ).toBeUndefined();
  });
});
