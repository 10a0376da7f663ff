import { createHash } from 'node:crypto';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import {
  ACT_PUBLICATION_MESSAGES,
  ACT_REGISTER_MESSAGES,
  type ActRegisterPage,
  type PublicAct,
  type PublicActsPage,
  type PublicWorksCollection,
  type RegisteredAct,
} from '@voirie/domain';
import { retryPublications } from '../src/requests/acts/act-publication.ts';
import { ghostscriptPdfA } from '../src/files/pdf-a.ts';
import { parisToday } from '../src/requests/french-date.ts';
import { publicWorkKey } from '../src/public-works/public-works-service.ts';
import { postSignedOrders } from './orders-helpers.ts';
import { pdfText, popplerTool } from './pdf-tools.ts';
import { pdfsig, selfSignedP12, SEAL_PASSWORD } from './seal-helpers.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';

// The electronic publication of traffic orders (docs/acts.md « Publication »): the signed order
// is published at once — stamped with its date and time, PDF/A-2b by Ghostscript, its SHA-256
// the served bytes' — on the public pages without a session; its works wait for it on /travaux;
// the register shows it and gives a certificate of publication.

const t = testAppForFile({}, { dataDir: 'act-publication' });
const { applicant, instructor, admin } = accountsForFile(t, {
  applicant: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
  admin: ['ROLE_ADMIN'],
});
const db = () => t.database.db;
const day = (offset: number) => {
  const date = new Date(`${parisToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

/** A granted-to-be permission with its traffic order, in signature, whose works began yesterday. */
async function trafficInSignature(addressName = 'des Pins') {
  const created = await createRequest(db(), {
    owner: applicant,
    kind: 1,
    state: 3,
    sendToSign: true,
    instructeurId: instructor.id,
    city: 'Capbreton',
    addressNum: '12',
    addressType: 'Rue',
    addressName,
    dateStart: day(-1),
    dateEnd: day(10),
  });
  const cerfa = await db()
    .insertInto('cerfa14023')
    .values({ isAccessDevelopment: false, isFavorable: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const traffic = await db()
    .insertInto('cerfa14024')
    .values({ previousPermission: false, directionTraffic: 'Deux sens de circulation', parkCar: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .updateTable('request')
    .set({ cerfa14023Id: cerfa.id, cerfa14024Id: traffic.id })
    .where('id', '=', created.id)
    .execute();
  return created;
}

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });

/** The request's acts in the register, signed: its permission and its traffic order. */
async function signedActs(addressName: string) {
  const created = await trafficInSignature(addressName);
  expect((await postSignedOrders(t, created.id, instructor, ['permission', 'traffic'])).statusCode).toBe(200);
  const acts = await db()
    .selectFrom('actRegister')
    .select(['id', 'number', 'nature', 'documentId'])
    .where('requestId', '=', created.id)
    .execute();
  return {
    requestId: created.id,
    traffic: acts.find((act) => act.nature === 'traffic')!,
    permission: acts.find((act) => act.nature === 'permission')!,
  };
}

describe('publication of a signed traffic order', () => {
  test('stamped, PDF/A, hashed, public; its works shown once published; late; certificate', async () => {
    const created = await trafficInSignature();
    const signed = await postSignedOrders(t, created.id, instructor, ['permission', 'traffic']);
    expect(signed.statusCode).toBe(200);

    const register = (await get('/api/acts', instructor)).json<{ data: ActRegisterPage }>().data;
    const act = register.data.find((row) => row.nature === 'traffic')!;
    expect(act.publication).toMatchObject({ late: true, pdfa: true, sealed: false, error: null });
    expect(act.publication?.publishedAt).toEqual(expect.any(String));
    // The permission is notified, not published.
    expect(register.data.find((row) => row.nature === 'permission')?.publication).toBeNull();

    // The public list and page, without a session, with no personal data.
    const list = await get(`/api/public/acts?q=${encodeURIComponent('des pins')}`);
    expect(list.statusCode).toBe(200);
    const page = list.json<{ data: PublicActsPage }>().data;
    expect(page.data.map((row) => row.number)).toEqual([act.number]);
    expect(list.body).not.toContain(applicant.email);
    const one = (await get(`/api/public/acts/${act.number}`)).json<{ data: PublicAct }>().data;
    expect(one).toMatchObject({ number: act.number, late: true, pdfa: true, town: 'Capbreton' });
    expect((await get(`/api/public/acts/${register.data[0]!.number}`)).statusCode).toBe(404);

    // The PDF: its hash is the page's; the stamp reads back; PDF/A-2.
    const pdf = await get(one.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(one.sha256);
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toMatch(/Publié sous forme électronique le \d{1,2}(er)? \S+ \d{4} à \d{2} h \d{2}/);
    expect(popplerTool('pdfinfo', ['-meta', '-'], bytes)).toMatch(/pdfaid:part='2'|<pdfaid:part>2</);

    // The works: shown once published, hidden while the publication is pending.
    const works = async () =>
      (await get('/api/public/works.geojson')).json<PublicWorksCollection>().features.map((f) => f.id);
    const { publicId } = await db()
      .selectFrom('request')
      .select('publicId')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const key = publicWorkKey(publicId);
    const feature = (await get('/api/public/works.geojson'))
      .json<PublicWorksCollection>()
      .features.find((f) => f.id === key);
    expect(feature?.properties.acte_publie).toBe(`/actes/${act.number}`);
    const actId = await db()
      .selectFrom('actRegister')
      .select('id')
      .where('number', '=', act.number)
      .executeTakeFirstOrThrow();
    const saved = await db()
      .selectFrom('actPublication')
      .selectAll()
      .where('actId', '=', actId.id)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('actPublication')
      .set({ publishedAt: null, storageKey: null, sha256: null, error: 'Ghostscript a échoué' })
      .where('actId', '=', actId.id)
      .execute();
    expect(await works()).not.toContain(key);
    expect((await get(`/api/public/acts/${act.number}`)).statusCode).toBe(404);
    const failed = (await get('/api/acts', instructor)).json<{ data: ActRegisterPage }>().data;
    expect(failed.data.find((row) => row.number === act.number)?.publication?.error).toBe(
      'Ghostscript a échoué',
    );
    await db()
      .updateTable('actPublication')
      .set({
        publishedAt: saved.publishedAt,
        storageKey: saved.storageKey,
        sha256: saved.sha256,
        error: null,
      })
      .where('actId', '=', actId.id)
      .execute();
    expect(await works()).toContain(key);

    // The certificate, for instructors only.
    expect((await get(`/api/acts/${act.number}/certificate.pdf`, applicant)).statusCode).toBe(403);
    const certificate = await get(`/api/acts/${act.number}/certificate.pdf`, instructor);
    expect(certificate.statusCode).toBe(200);
    const certified = pdfText(certificate.rawPayload).replace(/\s+/g, ' ');
    expect(certified).toContain('Certificat de publication et de caractère exécutoire');
    expect(certified).toContain(`Acte n° ${act.number}`);
    expect(certified).toContain(one.sha256.slice(0, 32));
    expect(certified).toContain('exécutoire de plein droit');
  });
});

describe('« Réessayer la publication » (POST acts/{number}/publication)', () => {
  const retry = (number: string, user: TestUser) =>
    t.app
      .inject({ method: 'POST', url: `/api/acts/${number}/publication`, headers: user.headers })
      .then((res) => ({
        status: res.statusCode,
        body: res.json<{ data: RegisteredAct; message: string }>(),
      }));

  /** The act's publication back to pending, claimed for five minutes: a failed attempt's, or one at work. */
  const unpublish = (actId: number, error: string | null) =>
    db()
      .updateTable('actPublication')
      .set({
        publishedAt: null,
        storageKey: null,
        sha256: null,
        error,
        claimedUntil: sql<Date>`now() + interval '5 minutes'`,
      })
      .where('actId', '=', actId)
      .execute();

  test('a failed publication retried now: failed again while its PDF is unreadable, then published', async () => {
    const { requestId, traffic, permission } = await signedActs('des Chênes');
    // The publication as a failed attempt leaves it: its reason, its next try in five minutes.
    await unpublish(traffic.id, 'Ghostscript a échoué');
    const row = async () =>
      (await get('/api/acts', instructor))
        .json<{ data: ActRegisterPage }>()
        .data.data.find((act) => act.number === traffic.number)!;
    expect((await row()).abilities).toEqual({ retryPublication: true });
    expect((await row()).publication?.error).toBe('Ghostscript a échoué');
    const permissionRow = (await get('/api/acts', instructor))
      .json<{ data: ActRegisterPage }>()
      .data.data.find((act) => act.number === permission.number)!;
    expect(permissionRow.abilities).toEqual({ retryPublication: false });

    // Not for the applicant; unknown acts, acts without publication: refused in French.
    expect((await retry(traffic.number, applicant)).status).toBe(403);
    const unknown = await retry('1999_99999', instructor);
    expect([unknown.status, unknown.body.message]).toEqual([404, ACT_REGISTER_MESSAGES.actNotFound]);
    const notified = await retry(permission.number, instructor);
    expect([notified.status, notified.body.message]).toEqual([409, ACT_PUBLICATION_MESSAGES.noPublication]);

    // The job waits for its five minutes; the instructor need not.
    const deps = { db: db(), config: t.config, store: t.ctx.filing.store, pdfA: ghostscriptPdfA() };
    expect(await retryPublications(deps)).toBe(0);

    // The signed PDF unreadable: the attempt fails again, said so; the row keeps the new reason.
    const { storageKey } = await db()
      .selectFrom('document')
      .select('storageKey')
      .where('id', '=', traffic.documentId!)
      .executeTakeFirstOrThrow();
    const stored = path.join(t.config.dataDir, 'files', storageKey);
    await rename(stored, `${stored}.away`);
    const failed = await retry(traffic.number, instructor);
    await rename(`${stored}.away`, stored);
    expect(failed.status).toBe(200);
    expect(failed.body.message).toBe(ACT_PUBLICATION_MESSAGES.failed(traffic.number));
    expect(failed.body.data.publication).toMatchObject({
      publishedAt: null,
      error: "Le PDF signé de l'acte est introuvable dans le stockage.",
    });
    expect(failed.body.data.abilities.retryPublication).toBe(true);
    expect(await get(`/api/public/acts/${traffic.number}`).then((res) => res.statusCode)).toBe(404);

    // Restored: an administrator's retry publishes it, in the request's history under their name.
    const published = await retry(traffic.number, admin);
    expect(published.status).toBe(200);
    expect(published.body.message).toBe(ACT_PUBLICATION_MESSAGES.published(traffic.number));
    expect(published.body.data).toMatchObject({
      number: traffic.number,
      publication: { error: null, pdfa: true },
      abilities: { retryPublication: false },
    });
    expect(published.body.data.publication?.publishedAt).toEqual(expect.any(String));
    expect((await get(`/api/public/acts/${traffic.number}`)).statusCode).toBe(200);
    const history = await db()
      .selectFrom('historyLog')
      .select(['context', 'email'])
      .where('entity', '=', 'request')
      .where('entityId', '=', requestId)
      .where('context', 'like', '%publié sous forme électronique')
      .orderBy('id')
      .execute();
    expect(history.map((entry) => entry.email)).toEqual([null, admin.email]);
    const attempts = await db()
      .selectFrom('actPublication')
      .select('attempts')
      .where('actId', '=', traffic.id)
      .executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(3);

    const again = await retry(traffic.number, instructor);
    expect([again.status, again.body.message]).toEqual([409, ACT_PUBLICATION_MESSAGES.alreadyPublished]);
  });

  test('a publication another attempt holds is not taken twice', async () => {
    const { traffic } = await signedActs('des Mimosas');
    // Pending, claimed by an attempt at work (no failure yet): the instructor is told to wait.
    await unpublish(traffic.id, null);
    const busy = await retry(traffic.number, instructor);
    expect([busy.status, busy.body.message]).toEqual([409, ACT_PUBLICATION_MESSAGES.inProgress]);
  });
});

describe('a published act sealed', () => {
  test('pdfsig finds the served PDF/A sealed and valid, then broken by one byte; its stamp reads back', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/acts/seal',
      headers: admin.headers,
      payload: { p12: selfSignedP12('Communauté de communes MACS'), password: SEAL_PASSWORD },
    });
    expect(saved.statusCode).toBe(200);
    const { traffic } = await signedActs('des Arbousiers');
    const one = (await get(`/api/public/acts/${traffic.number}`)).json<{ data: PublicAct }>().data;
    expect(one).toMatchObject({ sealed: true, pdfa: true });
    const pdf = (await get(one.pdfUrl)).rawPayload;
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(one.sha256);

    const report = await pdfsig(pdf, t.config.dataDir, 'published.pdf');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Communauté de communes MACS');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(pdfText(pdf).replace(/\s+/g, ' ')).toMatch(
      /Publié sous forme électronique le \d{1,2}(er)? \S+ \d{4} à \d{2} h \d{2}/,
    );
    // Still PDF/A-2 once sealed.
    expect(popplerTool('pdfinfo', ['-meta', '-'], pdf)).toMatch(/pdfaid:part='2'|<pdfaid:part>2</);

    // One byte of the signed range — the header's version, first bytes of the file —: no longer valid.
    const altered = Buffer.from(pdf);
    expect(altered.subarray(0, 7).toString('latin1')).toMatch(/^%PDF-\d\./);
    altered[7] = altered[7] === 0x37 ? 0x36 : 0x37;
    const broken = await pdfsig(altered, t.config.dataDir, 'published-altered.pdf');
    expect(broken).not.toContain('Signature is Valid.');
    expect(broken).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });
});
