import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, DATA_PROTECTION_NOTICE } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { describedBy } from '../../../test/described-by';

const STRONG = 'Voirie-2026!';

async function fillForm(user: ReturnType<typeof renderApp>['user'], confirmation: string) {
  await user.type(await screen.findByLabelText(/Adresse e-mail/), 'jean.martin@example.fr');
  await user.type(screen.getByLabelText(/^Mot de passe/), STRONG);
  await user.type(screen.getByLabelText(/Confirmation du mot de passe/), confirmation);
  await user.click(screen.getByRole('button', { name: "S'inscrire" }));
}

describe('registration page', () => {
  it('says under the confirmation that the passwords differ, and opens nothing', async () => {
    mockApi({ 'GET /api/config': ok(aConfig()) });
    const { user } = renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inscription' })).toBeTruthy();

    await fillForm(user, 'Autre-2026!');

    const confirmation = screen.getByLabelText(/Confirmation du mot de passe/);
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(confirmation)).toBe('Veuillez saisir le même mot de passe');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the data-protection notice, and Retour closes it without creating the account', async () => {
    const { calls } = mockApi({ 'GET /api/config': ok(aConfig()) });
    const { user } = renderApp('/register');

    await fillForm(user, STRONG);

    const dialog = await screen.findByRole('dialog', { name: DATA_PROTECTION_NOTICE.title });
    for (const paragraph of DATA_PROTECTION_NOTICE.paragraphs)
      expect(within(dialog).getByText(paragraph)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Retour' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === '/api/register')).toBe(false);
  });

  it('creates the account on Valider and shows the answer with a link to sign in', async () => {
    const { calls } = mockApi({
      'GET /api/config': ok(aConfig()),
      'POST /api/register': { status: 201, body: { success: true, message: ACCOUNT_MESSAGES.registered } },
    });
    const { user } = renderApp('/register');

    await fillForm(user, STRONG);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Valider' }));

    const status = await screen.findByText(ACCOUNT_MESSAGES.registered);
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: /connexion/ }).getAttribute('href')).toBe('/login');
    expect(calls.find((call) => call.path === '/api/register')?.body).toEqual({
      email: 'jean.martin@example.fr',
      password: STRONG,
      passwordConfirm: STRONG,
      firstName: '',
      lastName: '',
      phone: '',
    });
  });

  it('states the password rule before any error', async () => {
    mockApi({ 'GET /api/config': ok(aConfig()) });
    renderApp('/register');

    expect(describedBy(await screen.findByLabelText(/^Mot de passe/))).toMatch(/Au moins 10 caractères/);
  });
});
