import { screen, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const wrongCurrent = {
  status: 400,
  body: {
    success: false,
    code: 'VALIDATION',
    message: ACCOUNT_MESSAGES.currentPasswordWrong,
    errors: [
      { path: 'currentPassword', message: `${ACCOUNT_MESSAGES.currentPasswordWrong} (currentPassword)` },
    ],
  },
};

function signedIn(answer: Parameters<typeof mockApi>[0][string]) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ id: 12 })),
    'PUT /api/user/12/password': answer,
  });
}

async function fill(user: ReturnType<typeof renderApp>['user'], current: string) {
  const form = await screen.findByRole('form', { name: 'Modifier mon mot de passe' });
  await user.type(within(form).getByLabelText(/^Mot de passe actuel/), current);
  await user.type(within(form).getByLabelText(/^Nouveau mot de passe/), 'Voirie-2027!');
  await user.type(within(form).getByLabelText(/^Confirmation du mot de passe/), 'Voirie-2027!');
  await user.click(within(form).getByRole('button', { name: 'Valider' }));
  return form;
}

describe('Mon compte: changing the password while signed in', () => {
  it('asks for the current password and sends it with the new one', async () => {
    const { calls } = signedIn(ok(undefined, ACCOUNT_MESSAGES.passwordUpdated));
    const { user } = renderApp('/account');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    const form = await fill(user, 'Demo-2026!');

    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordUpdated)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      currentPassword: 'Demo-2026!',
      password: 'Voirie-2027!',
      passwordConfirm: 'Voirie-2027!',
    });
    // Still signed in, on the same page; the form is emptied.
    expect(window.location.pathname).toBe('/account');
    expect(within(form).getByLabelText<HTMLInputElement>(/^Mot de passe actuel/).value).toBe('');
  });

  it('requires the current password before sending anything', async () => {
    const { calls } = signedIn(ok());
    const { user } = renderApp('/account');
    const form = await screen.findByRole('form', { name: 'Modifier mon mot de passe' });
    await user.type(within(form).getByLabelText(/^Nouveau mot de passe/), 'Voirie-2027!');
    await user.type(within(form).getByLabelText(/^Confirmation du mot de passe/), 'Voirie-2027!');
    await user.click(within(form).getByRole('button', { name: 'Valider' }));

    const current = within(form).getByLabelText(/^Mot de passe actuel/);
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText(ACCOUNT_MESSAGES.required)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says so under the field when the current password is wrong', async () => {
    signedIn(wrongCurrent);
    const { user } = renderApp('/account');
    const form = await fill(user, 'Pas-le-bon-2026!');

    expect(await within(form).findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeTruthy();
    expect(
      within(form)
        .getByLabelText(/^Mot de passe actuel/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(window.location.pathname).toBe('/account');
  });
});

describe('the reset link page', () => {
  it('asks no current password: the link is the proof', async () => {
    mockApi({
      'GET /api/config': ok(aConfig()),
      'GET /api/password/live-token': ok({ id: 31, email: 'jean.martin@example.fr' }),
    });
    renderApp('/password/live-token');
    expect(await screen.findByLabelText(/^Nouveau mot de passe/)).toBeTruthy();
    expect(screen.queryByLabelText(/Mot de passe actuel/)).toBeNull();
  });
});
