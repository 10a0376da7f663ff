import { describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES } from '@voirie/domain';
import { choosePassword, signIn, testAppForFile } from './test-app.ts';
import { linkIn } from './smtp-peer.ts';

const t = testAppForFile({ RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_PER_ADDRESS: '1000' });

const PASSWORD = 'Demo-2026!';

async function register(email: string, password = PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email, password, passwordConfirm: password, firstName: '', lastName: '', phone: '' },
  });
}
async function login(username: string, password = PASSWORD) {
  return signIn(t, username, password);
}
async function registerAndValidate(email: string) {
  expect((await register(email)).statusCode).toBe(201);
  const token = linkIn(await t.smtp.waitFor(email), 'validate-email');
  expect((await t.app.inject({ method: 'PUT', url: `/api/user/validate-email/${token}` })).statusCode).toBe(
    200,
  );
}

describe('sign-up, validation, sign-in', () => {
  test('register -> validation mail -> validate -> login -> userConnected -> logout', async () => {
    const email = 'camille.martin@exemple.fr';
    const res = await register('Camille.Martin@Exemple.fr');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: ACCOUNT_MESSAGES.registered });

    // Not validated yet: the right password is told why, never let in.
    const early = await login(email);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({
      code: 'EMAIL_NOT_VALIDATED',
      detail: ACCOUNT_MESSAGES.emailNotValidated,
    });

    const mail = await t.smtp.waitFor(email);
    expect(mail.subject).toContain('validez votre adresse e-mail');
    const token = linkIn(mail, 'validate-email');
    expect(mail.text).toContain(`http://portail.test/validate-email/${token}`);

    const validated = await t.app.inject({ method: 'PUT', url: `/api/user/validate-email/${token}` });
    expect(validated.json()).toMatchObject({ success: true, message: ACCOUNT_MESSAGES.emailValidated });
    // Single use.
    const again = await t.app.inject({ method: 'PUT', url: `/api/user/validate-email/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message: ACCOUNT_MESSAGES.validationLinkInvalid,
    });

    const ok = await login(email);
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.message).toBe('Connexion réussie !');
    expect(body.data.user).toMatchObject({ email, roles: ['ROLE_USER', 'ROLE_DEMANDEUR'] });
    expect(body.data.user).not.toHaveProperty('passwordHash');
    const cookies = ok.cookies;
    expect(cookies.find((c) => c.name === 'voirie_token')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(cookies.find((c) => c.name === 'voirie_session')?.value).toBe('1');

    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/userConnected',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(bearer.json().data.email).toBe(email);
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/api/userConnected',
      cookies: { voirie_token: body.data.token },
    });
    expect(viaCookie.statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/userConnected',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Session expirée');
  });

  test('wrong password and unknown account get the same answer', async () => {
    await registerAndValidate('dominique@exemple.fr');
    const wrong = await login('dominique@exemple.fr', 'Mauvais-2026!');
    const unknown = await login('personne@exemple.fr', 'Mauvais-2026!');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: 'Identifiant ou mot de passe erroné' });
    }
  });

  test('a second sign-up with a known address creates nothing and mails the owner', async () => {
    await registerAndValidate('alix@exemple.fr');
    const before = await t.database.db
      .selectFrom('stdUser')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const res = await register('alix@exemple.fr', 'Autre-Mot-2026!');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.registered);
    const mail = await t.smtp.waitFor('alix@exemple.fr', 2);
    expect(mail.subject).toContain('vous avez déjà un compte');
    const after = await t.database.db
      .selectFrom('stdUser')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // The old password still works.
    expect((await login('alix@exemple.fr')).statusCode).toBe(200);
  });

  test('an expired validation link is refused', async () => {
    expect((await register('expire@exemple.fr')).statusCode).toBe(201);
    const token = linkIn(await t.smtp.waitFor('expire@exemple.fr'), 'validate-email');
    await t.database.db
      .updateTable('authToken')
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where('purpose', '=', 'validate_email')
      .execute();
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/validate-email/${token}` });
    expect(res.statusCode).toBe(400);
    expect((await login('expire@exemple.fr')).statusCode).toBe(403);
  });

  test('a link cut short reads as any dead link', async () => {
    const reset = await t.app.inject({ method: 'GET', url: '/api/password/abc' });
    expect(reset.statusCode).toBe(401);
    expect(reset.json()).toMatchObject({ code: 'LINK_INVALID', message: ACCOUNT_MESSAGES.linkNoLongerValid });
    const validation = await t.app.inject({ method: 'PUT', url: '/api/user/validate-email/abc' });
    expect(validation.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message: ACCOUNT_MESSAGES.validationLinkInvalid,
    });
  });

  test('validation link lives 48 hours, reset link 1 hour', async () => {
    expect((await register('durees@exemple.fr')).statusCode).toBe(201);
    await t.smtp.waitFor('durees@exemple.fr');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/password', payload: { email: 'durees@exemple.fr' } }))
        .statusCode,
    ).toBe(200);
    const rows = await t.database.db
      .selectFrom('authToken')
      .innerJoin('stdUser', 'stdUser.id', 'authToken.userId')
      .select([
        'purpose',
        sql<number>`round(extract(epoch from (expires_at - auth_token.created_at)) / 3600)`.as('hours'),
      ])
      .where('stdUser.email', '=', 'durees@exemple.fr')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.purpose, Number(r.hours)]))).toEqual({
      validate_email: 48,
      reset_password: 1,
    });
  });
});

describe('password reset', () => {
  test('forgot password answers the same for known and unknown addresses; the link works once', async () => {
    await registerAndValidate('reset@exemple.fr');
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/password',
      payload: { email: 'reset@exemple.fr' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/password',
      payload: { email: 'inconnu@exemple.fr' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(ACCOUNT_MESSAGES.resetSent);
    expect(t.smtp.mailsTo('inconnu@exemple.fr')).toHaveLength(0);

    const token = linkIn(await t.smtp.waitFor('reset@exemple.fr', 2), 'password');
    const resolved = await t.app.inject({ method: 'GET', url: `/api/password/${token}` });
    expect(resolved.json().data.email).toBe('reset@exemple.fr');
    const id = resolved.json().data.id as number;

    const session = (await login('reset@exemple.fr')).json().data.token as string;
    const mismatch = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${id}/password`,
      payload: { password: 'Nouveau-2026!', passwordConfirm: 'Nouveau-2027!', token },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([
      { path: 'passwordConfirm', message: 'Veuillez saisir le même mot de passe (passwordConfirm)' },
    ]);

    const changed = await choosePassword(t, id, 'Nouveau-2026!', token);
    expect(changed.json()).toMatchObject({ success: true, message: ACCOUNT_MESSAGES.passwordChanged });
    // Reused link: refused, and the page learns it through a 401.
    const reused = await choosePassword(t, id, 'Encore-2026!', token);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(ACCOUNT_MESSAGES.linkNoLongerValid);
    expect((await t.app.inject({ method: 'GET', url: `/api/password/${token}` })).statusCode).toBe(401);
    // The old session ended; the new password works, the old one not.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/userConnected',
          headers: { authorization: `Bearer ${session}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await login('reset@exemple.fr')).statusCode).toBe(401);
    expect((await login('reset@exemple.fr', 'Nouveau-2026!')).statusCode).toBe(200);
  });

  test('a reset token cannot set another user’s password, and expires after an hour', async () => {
    await registerAndValidate('victime@exemple.fr');
    await registerAndValidate('attaquant@exemple.fr');
    await t.app.inject({ method: 'POST', url: '/api/password', payload: { email: 'attaquant@exemple.fr' } });
    const token = linkIn(await t.smtp.waitFor('attaquant@exemple.fr', 2), 'password');
    const victim = await t.database.db
      .selectFrom('stdUser')
      .select('id')
      .where('email', '=', 'victime@exemple.fr')
      .executeTakeFirstOrThrow();
    const res = await choosePassword(t, victim.id, 'Pirate-2026!', token);
    expect(res.statusCode).toBe(401);
    expect((await login('victime@exemple.fr')).statusCode).toBe(200);

    await t.database.db
      .updateTable('authToken')
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where('purpose', '=', 'reset_password')
      .execute();
    expect((await t.app.inject({ method: 'GET', url: `/api/password/${token}` })).statusCode).toBe(401);
  });

  test('without a token, only the signed-in owner may change the password', async () => {
    await registerAndValidate('owner@exemple.fr');
    const session = (await login('owner@exemple.fr')).json().data as { token: string; user: { id: number } };
    const change = { password: 'Change-2026!', passwordConfirm: 'Change-2026!', currentPassword: PASSWORD };
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${session.user.id}/password`,
      payload: change,
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${session.user.id + 1000}/password`,
      headers: { authorization: `Bearer ${session.token}` },
      payload: change,
    });
    expect(other.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${session.user.id}/password`,
      headers: { authorization: `Bearer ${session.token}` },
      payload: change,
    });
    expect(own.statusCode).toBe(200);
    expect((await login('owner@exemple.fr', 'Change-2026!')).statusCode).toBe(200);
  });

  test('a signed-in change asks for the current password and ends the other sessions only', async () => {
    await registerAndValidate('courant@exemple.fr');
    const here = (await login('courant@exemple.fr')).json().data as { token: string; user: { id: number } };
    const elsewhere = (await login('courant@exemple.fr')).json().data.token as string;
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/user/${here.user.id}/password`,
        headers: { authorization: `Bearer ${here.token}` },
        payload,
      });
    const connected = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/userConnected',
        headers: { authorization: `Bearer ${token}` },
      });

    const missing = await put({ password: 'Change-2026!', passwordConfirm: 'Change-2026!' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { path: 'currentPassword', message: `${ACCOUNT_MESSAGES.required} (currentPassword)` },
    ]);

    const wrong = await put({
      password: 'Change-2026!',
      passwordConfirm: 'Change-2026!',
      currentPassword: 'Pas-le-bon-2026!',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION',
      message: ACCOUNT_MESSAGES.currentPasswordWrong,
    });
    expect(wrong.json().errors[0].path).toBe('currentPassword');
    // Nothing changed: the old password still signs in, both sessions live.
    expect((await connected(elsewhere)).statusCode).toBe(200);

    const changed = await put({
      password: 'Change-2026!',
      passwordConfirm: 'Change-2026!',
      currentPassword: PASSWORD,
    });
    expect(changed.json()).toMatchObject({ success: true, message: ACCOUNT_MESSAGES.passwordUpdated });
    expect((await connected(here.token)).statusCode).toBe(200);
    expect((await connected(elsewhere)).statusCode).toBe(401);
    expect((await login('courant@exemple.fr')).statusCode).toBe(401);
    expect((await login('courant@exemple.fr', 'Change-2026!')).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  test('login is limited per account: the right password is refused once the limit is reached', async () => {
    await registerAndValidate('limite@exemple.fr');
    for (let i = 0; i < 3; i++)
      expect((await login('limite@exemple.fr', 'Faux-Mot-2026!')).statusCode).toBe(401);
    const blocked = await login('limite@exemple.fr');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: ACCOUNT_MESSAGES.tooManyAttempts,
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('reset requests are limited per account, with the same answer until then', async () => {
    const ask = () =>
      t.app.inject({ method: 'POST', url: '/api/password', payload: { email: 'quota@exemple.fr' } });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    const blocked = await ask();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(ACCOUNT_MESSAGES.tooManyAttempts);
  });
});
