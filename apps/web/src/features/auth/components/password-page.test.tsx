import { screen } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

describe('new password page', () => {
  it('says the link is no longer valid and offers a new request when the token is refused', async () => {
    mockApi({
      'GET /api/config': ok(aConfig()),
      'GET /api/password/old-token': {
        status: 401,
        body: { success: false, code: 'LINK_INVALID', message: ACCOUNT_MESSAGES.linkNoLongerValid },
      },
    });
    renderApp('/password/old-token');

    expect(await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeTruthy();
    expect(await screen.findByText(ACCOUNT_MESSAGES.linkNoLongerValid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Refaire une demande' }).getAttribute('href')).toBe(
      '/forgot-pass',
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Lien plus valide');
    expect(screen.queryByText('Session expirée')).toBeNull();
    expect(screen.queryByLabelText(/Nouveau mot de passe/)).toBeNull();
    expect(window.location.pathname).toBe('/password/old-token');
  });

  it('sets the new password with the token, then goes to the sign-in page', async () => {
    const { calls } = mockApi({
      'GET /api/config': ok(aConfig()),
      'GET /api/password/live-token': ok({ id: 31, email: 'jean.martin@example.fr' }),
      'PUT /api/user/31/password': ok(undefined, ACCOUNT_MESSAGES.passwordChanged),
    });
    const { user } = renderApp('/password/live-token');

    await user.type(await screen.findByLabelText(/^Nouveau mot de passe/), 'Voirie-2026!');
    await user.type(screen.getByLabelText(/Confirmation du mot de passe/), 'Voirie-2026!');
    await user.click(screen.getByRole('button', { name: 'Valider' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordChanged)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      password: 'Voirie-2026!',
      passwordConfirm: 'Voirie-2026!',
      token: 'live-token',
    });
  });
});
