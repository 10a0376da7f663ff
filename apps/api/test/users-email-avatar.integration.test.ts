import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { USER_ADMIN_MESSAGES, UPLOAD_MESSAGES, UPLOAD_MIME_TYPES } from '@voirie/domain';
import { testAppForFile } from './test-app.ts';
import { createUser, type TestUser } from './requests-factory.ts';
import { EXE, PDF, PNG, bmpOf, filesUnder, jpegOf, multipart } from './filing-helpers.ts';
import { sweepFiles } from '../src/files/file-sweeper.ts';

// A new e-mail takes effect once confirmed from that address; the avatar is checked
// by its content, stored once, served to signed-in users and kept by the file sweep.

const t = testAppForFile({}, { dataDir: 'users' });

const db = () => t.database.db;

function confirmLinkIn(mail: ParsedMail): string {
  const match = /https?:\/\/\S+\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error('no confirm-email link in mail');
  return match[1]!;
}

async function put(who: TestUser, target: TestUser, changes: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/stduser/${String(target.id)}`,
    headers: who.headers,
    payload: {
      nature: 'Particulier',
      title: 'Madame',
      lastName: 'Durand',
      firstName: 'Marie',
      email: target.email,
      phone: '0558000000',
      ...changes,
    },
  });
}

const emailOf = async (id: number) =>
  (await db().selectFrom('stdUser').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

describe('changing one’s e-mail (confirmed from the new address)', () => {
  test('pending until the link is opened; single use; the old address is told', async () => {
    const me = await createUser(t, ['ROLE_DEMANDEUR']);
    const res = await put(me, me, { email: 'Nouvelle.Adresse@Exemple.fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: USER_ADMIN_MESSAGES.emailChangePending('nouvelle.adresse@exemple.fr'),
      data: { email: me.email, pendingEmail: 'nouvelle.adresse@exemple.fr' },
    });
    expect(await emailOf(me.id)).toBe(me.email);

    const mail = await t.smtp.waitFor('nouvelle.adresse@exemple.fr');
    expect(mail.subject).toContain('confirmez votre nouvelle adresse');
    const token = confirmLinkIn(mail);
    // The link is public (the mailbox is the proof): no session needed.
    const confirm = await t.app.inject({ method: 'PUT', url: `/api/user/confirm-email/${token}` });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({
      message: USER_ADMIN_MESSAGES.emailConfirmed,
      data: { email: 'nouvelle.adresse@exemple.fr' },
    });
    expect(await emailOf(me.id)).toBe('nouvelle.adresse@exemple.fr');
    const again = await t.app.inject({ method: 'PUT', url: `/api/user/confirm-email/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(USER_ADMIN_MESSAGES.emailLinkInvalid);
    const notice = await t.smtp.waitFor(me.email);
    expect(notice.subject).toContain('votre adresse e-mail a été modifiée');
    // The session goes on, with the new address.
    const connected = await t.app.inject({ method: 'GET', url: '/api/userConnected', headers: me.headers });
    expect(connected.json().data.email).toBe('nouvelle.adresse@exemple.fr');
    const history = await db()
      .selectFrom('historyLog')
      .select('context')
      .where('entity', '=', 'user')
      .where('entityId', '=', me.id)
      .orderBy('id')
      .execute();
    expect(history.map((row) => row.context)).toEqual([
      'Modification du compte',
      'Confirmation de la nouvelle adresse e-mail',
    ]);
  });

  test('an address already taken: an admin is told; oneself only through a mail to that address', async () => {
    const admin = await createUser(t, ['ROLE_ADMIN']);
    const other = await createUser(t, ['ROLE_DEMANDEUR']);
    const me = await createUser(t, ['ROLE_DEMANDEUR']);
    const byAdmin = await put(admin, me, { email: other.email.toUpperCase() });
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().message).toBe(USER_ADMIN_MESSAGES.emailTaken);

    const bySelf = await put(me, me, { email: other.email });
    expect(bySelf.statusCode).toBe(200);
    expect(bySelf.json().message).toBe(USER_ADMIN_MESSAGES.emailChangePending(other.email));
    const told = await t.smtp.waitFor(other.email);
    expect(told.subject).toContain('cette adresse a déjà un compte');
    expect(told.text).not.toContain('confirm-email');
    expect(await emailOf(me.id)).toBe(me.email);
  });

  test('an expired link changes nothing', async () => {
    const me = await createUser(t, ['ROLE_GUICHET']);
    await put(me, me, { email: 'trop.tard@exemple.fr' });
    const token = confirmLinkIn(await t.smtp.waitFor('trop.tard@exemple.fr'));
    await db()
      .updateTable('authToken')
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where('userId', '=', me.id)
      .execute();
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/confirm-email/${token}` });
    expect(res.statusCode).toBe(400);
    expect(await emailOf(me.id)).toBe(me.email);
  });

  test('an admin correcting the address of an account never used: at once, the password link goes there', async () => {
    const admin = await createUser(t, ['ROLE_ADMIN']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/stduser',
      headers: admin.headers,
      payload: { nature: 'Entreprise', email: 'faute.de.frappe@exemple.fr', phone: '0558000000' },
    });
    const id = created.json().data.id as number;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/stduser/${String(id)}`,
      headers: admin.headers,
      payload: { nature: 'Entreprise', email: 'bonne.adresse@exemple.fr', phone: '0558000000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'bonne.adresse@exemple.fr', pendingEmail: null });
    const mail = await t.smtp.waitFor('bonne.adresse@exemple.fr');
    expect(mail.subject).toContain('votre compte a été créé');
  });
});

function upload(who: TestUser, file: { content: Buffer; filename: string; type: string }, userId?: string) {
  const body = multipart([
    ...(userId === undefined ? [] : [{ name: 'userId', content: userId }]),
    { name: 'file', ...file },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/stduser/upload',
    headers: { ...body.headers, ...who.headers },
    payload: body.payload,
  });
}

const JPEG = jpegOf(640, 480);
const BMP = bmpOf(320, 240);

describe('POST stduser/upload: the avatar', () => {
  test('jpeg, bmp and png by their content; the answer is the picture URL, served to signed-in users', async () => {
    const me = await createUser(t, ['ROLE_OPERATEUR']);
    const other = await createUser(t, ['ROLE_DEMANDEUR']);
    for (const [content, mime] of [
      [JPEG, 'image/jpeg'],
      [BMP, 'image/bmp'],
      [PNG, 'image/png'],
    ] as const) {
      // Named .txt and declared as text: the content decides.
      const res = await upload(me, { content, filename: 'photo.txt', type: 'text/plain' });
      expect(res.statusCode).toBe(200);
      const { data: url, message } = res.json();
      expect(message).toBe(USER_ADMIN_MESSAGES.avatarSaved);
      expect(url).toMatch(/^\/api\/stduser\/[0-9a-f-]{36}\/avatar\?v=[0-9a-f]{12}$/);
      const served = await t.app.inject({ method: 'GET', url, headers: other.headers });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.rawPayload.equals(content)).toBe(true);
      const connected = await t.app.inject({ method: 'GET', url: '/api/userConnected', headers: me.headers });
      expect(connected.json().data.picture).toBe(url);
    }
    expect(UPLOAD_MIME_TYPES.avatar).toEqual(['image/jpeg', 'image/bmp', 'image/png']);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/stduser/${String(me.id)}/avatar` });
    expect(anonymous.statusCode).toBe(401);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/stduser/${String(other.id)}/avatar`,
      headers: me.headers,
    });
    expect(none.statusCode).toBe(404);
  });

  test('a PDF or an executable named .png is refused, nothing stored', async () => {
    const me = await createUser(t, ['ROLE_DEMANDEUR']);
    const before = await filesUnder(path.join(t.config.dataDir, 'files'));
    for (const content of [PDF, EXE]) {
      const res = await upload(me, { content, filename: 'photo.png', type: 'image/png' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(UPLOAD_MESSAGES.contentMismatch(UPLOAD_MIME_TYPES.avatar));
    }
    expect(await filesUnder(path.join(t.config.dataDir, 'files'))).toEqual(before);
    expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
    const row = await db()
      .selectFrom('stdUser')
      .select(['picture', 'avatarSha256'])
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ picture: null, avatarSha256: null });
  });

  test('another user’s avatar: an admin may, nobody else (refused before the file is written)', async () => {
    const admin = await createUser(t, ['ROLE_ADMIN']);
    const instructor = await createUser(t, ['ROLE_INSTRUCTEUR']);
    const target = await createUser(t, ['ROLE_DEMANDEUR']);
    const refused = await upload(
      instructor,
      { content: PNG, filename: 'a.png', type: 'image/png' },
      String(target.id),
    );
    expect(refused.statusCode).toBe(403);
    expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
    const done = await upload(
      admin,
      { content: JPEG, filename: 'a.jpg', type: 'image/jpeg' },
      String(target.id),
    );
    expect(done.statusCode).toBe(200);
    const row = await db()
      .selectFrom('stdUser')
      .select('avatarMimeType')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row.avatarMimeType).toBe('image/jpeg');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/stduser/upload',
      ...(() => {
        const body = multipart([{ name: 'file', content: PNG, filename: 'a.png', type: 'image/png' }]);
        return { headers: body.headers, payload: body.payload };
      })(),
    });
    expect(anonymous.statusCode).toBe(401);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/stduser/upload',
      ...(() => {
        const body = multipart([{ name: 'userId', content: String(target.id) }]);
        return { headers: { ...body.headers, ...admin.headers }, payload: body.payload };
      })(),
    });
    expect(noFile.statusCode).toBe(400);
  });

  test('the file sweep keeps an avatar and removes the one replaced', async () => {
    const me = await createUser(t, ['ROLE_DEMANDEUR']);
    const first = Buffer.concat([JPEG, Buffer.from('first')]);
    const second = Buffer.concat([JPEG, Buffer.from('second')]);
    const avatarSha = async () =>
      (
        await db()
          .selectFrom('stdUser')
          .select('avatarSha256')
          .where('id', '=', me.id)
          .executeTakeFirstOrThrow()
      ).avatarSha256!;
    await upload(me, { content: first, filename: 'a.jpg', type: 'image/jpeg' });
    const firstSha = await avatarSha();
    await upload(me, { content: second, filename: 'b.jpg', type: 'image/jpeg' });
    const secondSha = await avatarSha();
    await sweepFiles({ db: db(), store: t.ctx.filing.store, graceSeconds: 0 });
    const stored = await filesUnder(path.join(t.config.dataDir, 'files'));
    expect(stored).toContain(path.join(secondSha.slice(0, 2), secondSha));
    expect(stored).not.toContain(path.join(firstSha.slice(0, 2), firstSha));
  });
});
