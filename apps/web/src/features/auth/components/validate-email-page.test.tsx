import { screen } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

describe('e-mail validation page', () => {
  it('validates the single-use token once, even under StrictMode, then opens the sign-in page', async () => {
    const { calls } = mockApi({
      'GET /api/config': ok(aConfig()),
      'PUT /api/user/validate-email/tok-1': ok(undefined, ACCOUNT_MESSAGES.emailValidated),
    });
    renderApp('/validate-email/tok-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailValidated)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('shows why the link failed, with the button to sign in', async () => {
    mockApi({
      'GET /api/config': ok(aConfig()),
      'PUT /api/user/validate-email/used': {
        status: 400,
        body: { success: false, code: 'TOKEN_INVALID', message: ACCOUNT_MESSAGES.validationLinkInvalid },
      },
    });
    renderApp('/validate-email/used');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.validationLinkInvalid);
    expect(screen.getAllByText(ACCOUNT_MESSAGES.validationLinkInvalid)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
  });
});
