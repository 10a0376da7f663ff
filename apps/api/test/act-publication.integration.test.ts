import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  type ActRegisterPage,
  type PublicAct,
  type PublicActsPage,
  type PublicWorksCollection,
} from '@voirie/domain';
import { parisToday } from '../src/requests/french-date.ts';
import { publicWorkKey } from '../src/public-works/public-works-service.ts';
import { postSignedOrders } from './orders-helpers.ts';
import { pdfText, popplerTool } from './pdf-tools.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';

// The electronic publication of traffic orders (docs/acts.md « Publication »): the signed order
// is published at once — stamped with its date and time, PDF/A-2b by Ghostscript, its SHA-256
// the served bytes' — on the public pages without a session; its works wait for it on /travaux;
// the register shows it and gives a certificate of publication.

const t = testAppForFile({}, { dataDir: 'act-publication' });
const { applicant, instructor } = accountsForFile(t, {
  applicant: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
});
const db = () => t.database.db;
const day = (offset: number) => {
  const date = new Date(`${parisToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

/** A granted-to-be permission with its traffic order, in signature, whose works began yesterday. */
async function trafficInSignature() {
  const created = await createRequest(db(), {
    owner: applicant,
    kind: 1,
    state: 3,
    sendToSign: true,
    instructeurId: instructor.id,
    city: 'Capbreton',
    addressNum: '12',
    addressType: 'Rue',
    addressName: 'des Pins',
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
