import { describe, expect, test } from 'vitest';
import { testAppForFile } from './test-app.ts';
import { countRows } from './requests-factory.ts';

const t = testAppForFile();

const countUsers = () => countRows(t.database.db, 'stdUser');

describe('bad input: 400 with a French message and nothing written', () => {
  test('malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.fr",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      message: "Le corps de la requête n'est pas un JSON valide.",
    });
    expect(await countUsers()).toBe(0);
  });

  test('unknown fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email: 'a@b.fr',
        password: 'Demo-2026!',
        passwordConfirm: 'Demo-2026!',
        roles: ['ROLE_ADMIN'],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Le champ « roles » n'est pas attendu.");
    expect(await countUsers()).toBe(0);
  });

  test('wrong types', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 42, password: ['x'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toBe(
      'Ce champ est obligatoire (username) ; Ce champ est obligatoire (password)',
    );
  });

  test('oversize body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'a@b.fr', password: 'x'.repeat(2 * 1024 * 1024), passwordConfirm: 'x' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('La requête est trop volumineuse.');
    expect(await countUsers()).toBe(0);
  });

  test('each field gets its message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'pas-une-adresse', password: 'court', passwordConfirm: 'autre' },
    });
    expect(res.statusCode).toBe(400);
    const messages = (res.json().errors as { path: string; message: string }[]).map((e) => e.path);
    expect(messages).toEqual(expect.arrayContaining(['email', 'password']));
    expect(res.json().message).toContain('Veuillez saisir une adresse e-mail valide');
    expect(await countUsers()).toBe(0);
  });

  test('a multipart body where no file is taken: 415, nothing written', async () => {
    const boundary = 'voirie-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.fr\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: "Ce type de contenu n'est pas accepté.",
    });
    expect(await countUsers()).toBe(0);
  });

  test('unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nimporte-quoi' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Cette route n'existe pas sur l'api");
  });

  test('health and OpenAPI', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
    });
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/register', '/api/userConnected']),
    );
  });
});
