import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { describedBy } from '../../../test/described-by';

const SIGNED_IN = { effect: signInCookie, ...ok({ token: 'jwt', user: aUser() }, 'Connexion réussie !') };

describe('login page', () => {
  it('has the page title, its heading and the links to the other account pages', async () => {
    mockApi({ 'GET /api/config': ok(aConfig({ version: '1.4.2' })) });
    renderApp('/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Portail voirie - Connexion'));
    expect(screen.getByRole('link', { name: 'Mot de passe oublié' }).getAttribute('href')).toBe(
      '/forgot-pass',
    );
    expect(screen.getByRole('link', { name: "S'inscrire" }).getAttribute('href')).toBe('/register');
    expect(screen.getByText('Données géographiques de démonstration')).toBeTruthy();
    // The footer names the build, for a support call.
    expect(screen.getByText('Version 1.4.2')).toBeTruthy();
  });

  it('signs in when Enter is pressed in the password field, then opens the list', async () => {
    const { calls } = mockApi({
      'GET /api/config': ok(aConfig()),
      'POST /api/login': SIGNED_IN,
      // The list page behind /dossiers.
      'GET /api/request': ok([]),
      'GET /api/request/count': ok({}),
      'GET /api/map-layers': ok([]),
    });
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText(/Adresse e-mail/), 'Claire.Dupont@example.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Secret-123456{Enter}');

    // The toast first: it lasts 3 s, and the list page's chunk (grid, pickers) may take longer to load here.
    expect(await screen.findByText('Connexion réussie !')).toBeTruthy();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Localisation des demandes' },
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/login')?.body).toEqual({
      username: 'claire.dupont@example.fr',
      password: 'Secret-123456',
    });
    expect(window.location.pathname).toBe('/dossiers');
  });

  it('goes back to the page that was asked for before signing in', async () => {
    mockApi({ 'GET /api/config': ok(aConfig()), 'POST /api/login': SIGNED_IN });
    const { user } = renderApp('/dossiers/abc');

    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(window.location.search).toBe('?redirect=%2Fdossiers%2Fabc');
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'claire.dupont@example.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Secret-123456');
    await user.click(screen.getByRole('button', { name: "Je m'identifie" }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Demande n°abc' })).toBeTruthy();
  });

  it('shows or hides the password with the eye button', async () => {
    mockApi({ 'GET /api/config': ok(aConfig()) });
    const { user } = renderApp('/login');
    const password = await screen.findByLabelText(/^Mot de passe/);
    expect(password.getAttribute('type')).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password.getAttribute('type')).toBe('text');

    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('says once, in place, that the credentials are wrong', async () => {
    mockApi({
      'GET /api/config': ok(aConfig()),
      'POST /api/login': {
        status: 401,
        body: { success: false, code: 'INVALID_CREDENTIALS', message: 'Identifiant ou mot de passe erroné' },
      },
    });
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText(/Adresse e-mail/), 'claire.dupont@example.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'mauvais{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Identifiant ou mot de passe erroné');
    expect(screen.getAllByText('Identifiant ou mot de passe erroné')).toHaveLength(1);
    expect(window.location.pathname).toBe('/login');
  });

  it("shows the answer's detail when the e-mail address is not validated yet", async () => {
    const detail = "Votre adresse e-mail n'a pas encore été validée.";
    mockApi({
      'GET /api/config': ok(aConfig()),
      'POST /api/login': {
        status: 403,
        body: { success: false, code: 'EMAIL_NOT_VALIDATED', message: 'Refus', detail },
      },
    });
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText(/Adresse e-mail/), 'claire.dupont@example.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Secret-123456{Enter}');

    expect((await screen.findByRole('alert')).textContent).toBe(detail);
  });

  it('marks each empty field with its message and sends nothing', async () => {
    const { calls } = mockApi({ 'GET /api/config': ok(aConfig()) });
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: "Je m'identifie" }));

    const email = screen.getByLabelText(/Adresse e-mail/);
    const password = screen.getByLabelText(/^Mot de passe/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toBe('Ce champ est obligatoire');
    expect(describedBy(password)).toBe('Ce champ est obligatoire');
    expect(document.activeElement).toBe(email);
    expect(calls.some((call) => call.path === '/api/login')).toBe(false);

    await user.type(email, 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: "Je m'identifie" }));
    expect(describedBy(email)).toBe('Veuillez saisir une adresse e-mail valide');
    expect(screen.getAllByText('Ce champ est obligatoire')).toHaveLength(1);
  });
});
