import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { SEAL_MESSAGES, type SealStatus } from '@voirie/domain';
import { sealPdf } from '../src/requests/acts/seal.ts';
import { DAY, SEAL_PASSWORD as PASSWORD, pdfsig as pdfsigIn, selfSignedP12 } from './seal-helpers.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';
import type { TestUser } from './requests-factory.ts';

// The seal (docs/acts.md « Seal »): an administrator gives the authority's PKCS#12 and its
// password, checked and stored encrypted; the portal then seals PDFs with it, which poppler's
// pdfsig finds valid — and invalid once one byte of the signed range is changed. Without a
// certificate the PDF comes back as it was.

const t = testAppForFile({}, { dataDir: 'act-seal' });
const { admin, instructor, applicant } = accountsForFile(t, {
  admin: ['ROLE_ADMIN'],
  instructor: ['ROLE_INSTRUCTEUR'],
  applicant: ['ROLE_DEMANDEUR'],
});

async function onePagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText('Arrêté n° 2026_00001', {
    x: 50,
    y: 780,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return pdf.save();
}

const pdfsig = (bytes: Uint8Array, name: string) => pdfsigIn(bytes, t.config.dataDir, name);

const call = (method: 'GET' | 'PUT' | 'DELETE', user: TestUser, payload?: object) =>
  t.app
    .inject({ method, url: '/api/acts/seal', headers: user.headers, ...(payload ? { payload } : {}) })
    .then((res) => ({
      status: res.statusCode,
      body: res.json<{ data: SealStatus; message: string }>(),
      raw: res.body,
    }));

describe('the seal', () => {
  test('without a certificate: the status says so, and a PDF comes back unchanged, unsealed', async () => {
    const status = await call('GET', admin);
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ configured: false, holder: null });
    const pdf = await onePagePdf();
    const result = await sealPdf(t.ctx, pdf, { reason: 'Publication électronique' });
    expect(result).toEqual({ bytes: pdf, sealed: false });
  });

  test('only administrators give or remove the certificate; the register’s readers see its status', async () => {
    const p12 = selfSignedP12('Cachet', new Date(Date.now() - DAY), new Date(Date.now() + 365 * DAY));
    expect((await call('GET', applicant)).status).toBe(403);
    expect((await call('PUT', applicant, { p12, password: PASSWORD })).status).toBe(403);
    expect((await call('GET', instructor)).status).toBe(200);
    expect((await call('PUT', instructor, { p12, password: PASSWORD })).status).toBe(403);
    expect((await call('DELETE', instructor)).status).toBe(403);
    expect((await call('GET', admin)).body.data.configured).toBe(false);
  });

  test('a wrong password, an expired certificate, a file that is not one: refused in French', async () => {
    const valid = selfSignedP12('Cachet', new Date(Date.now() - DAY), new Date(Date.now() + 365 * DAY));
    const wrong = await call('PUT', admin, { p12: valid, password: 'pas le bon' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(SEAL_MESSAGES.wrongPassword);

    const expired = selfSignedP12(
      'Cachet',
      new Date('2020-01-01T00:00:00Z'),
      new Date('2021-01-31T12:00:00Z'),
    );
    const old = await call('PUT', admin, { p12: expired, password: PASSWORD });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(SEAL_MESSAGES.expired('31/01/2021'));

    const notP12 = await call('PUT', admin, {
      p12: Buffer.from('%PDF-1.7 rien').toString('base64'),
      password: '',
    });
    expect(notP12.status).toBe(400);
    expect(notP12.body.message).toBe(SEAL_MESSAGES.notP12);
    expect((await call('GET', admin)).body.data.configured).toBe(false);
  });

  test('a certificate given: stored encrypted, shown without its secret; PDFs sealed, pdfsig finds them valid, then broken by one byte', async () => {
    const p12 = selfSignedP12(
      'Communauté de communes MACS',
      new Date(Date.now() - DAY),
      new Date(Date.now() + 365 * DAY),
    );
    const saved = await call('PUT', admin, { p12, password: PASSWORD });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(SEAL_MESSAGES.saved);
    expect(saved.body.data).toMatchObject({
      configured: true,
      holder: 'Communauté de communes MACS, CC MACS',
      issuer: 'Communauté de communes MACS, CC MACS',
      expired: false,
      readable: true,
    });
    const status = await call('GET', admin);
    for (const answer of [saved.raw, status.raw]) {
      expect(answer).not.toContain(PASSWORD);
      expect(answer).not.toContain(p12.slice(0, 40));
    }
    const row = await t.database.db.selectFrom('actSeal').selectAll().executeTakeFirstOrThrow();
    const stored = Buffer.from(row.secret, 'base64').toString('latin1');
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain(p12.slice(0, 40));
    // Without SEAL_KEY, the key is a file of the data directory that only the portal reads.
    expect((await stat(path.join(t.config.dataDir, 'seal.key'))).mode & 0o777).toBe(0o600);

    const result = await sealPdf(t.ctx, await onePagePdf(), { reason: 'Publication électronique' });
    expect(result.sealed).toBe(true);
    const report = await pdfsig(result.bytes, 'sealed.pdf');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: Communauté de communes MACS');

    // One byte inside the signed range — the page's width, 595 made 596 —: the seal no longer holds.
    const altered = Buffer.from(result.bytes);
    const at = altered.indexOf('595', altered.indexOf('/MediaBox'));
    expect(at).toBeGreaterThan(0);
    altered[at + 2] = '6'.charCodeAt(0);
    const broken = await pdfsig(altered, 'altered.pdf');
    expect(broken).not.toContain('Signature is Valid.');
    expect(broken).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  test('the certificate removed: acts are no longer sealed', async () => {
    const removed = await call('DELETE', admin);
    expect(removed.status).toBe(200);
    expect(removed.body.data.configured).toBe(false);
    const result = await sealPdf(t.ctx, await onePagePdf(), { reason: 'Notification' });
    expect(result.sealed).toBe(false);
  });
});
