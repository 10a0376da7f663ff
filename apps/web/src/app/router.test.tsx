import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../test/fixtures';
import { mockApi, signInCookie } from '../test/mock-api';
import { renderApp } from '../test/render-app';

describe('routes and guard', () => {
  it('sends a visitor without a session to the sign-in page, remembering the page', async () => {
    const { calls } = mockApi({ 'GET /api/config': ok(aConfig()) });
    renderApp('/users');

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/users');
    expect(calls.some((call) => call.path === '/api/userConnected')).toBe(false);
  });

  it('loads the user once when a session exists, and opens the page', async () => {
    signInCookie();
    const { calls } = mockApi({ 'GET /api/config': ok(aConfig()), 'GET /api/userConnected': ok(aUser()) });
    renderApp('/ajoutdossier/3');

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Dépôt demande - Permission de voirie - Accès/Clôture',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Localisation' })).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe('Portail voirie - Dépôt demande - Permission de voirie - Accès/Clôture'),
    );
    expect(calls.filter((call) => call.path === '/api/userConnected')).toHaveLength(1);
  });

  it('treats a session the API refuses as expired', async () => {
    signInCookie();
    mockApi({
      'GET /api/config': ok(aConfig()),
      'GET /api/userConnected': { status: 401, body: { success: false, message: 'Session invalide' } },
    });
    renderApp('/dossiers');

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(screen.getByText('Session expirée')).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/dossiers');
    expect(document.cookie).not.toContain('voirie_session');
  });

  it('opens the list from the home address', async () => {
    signInCookie();
    mockApi({ 'GET /api/config': ok(aConfig()), 'GET /api/userConnected': ok(aUser()) });
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Localisation des demandes' })).toBeTruthy();
    expect(window.location.pathname).toBe('/dossiers');
  });

  it.each(['/nimporte-quoi', '/ajoutdossier/7', '/groups/inconnu', '/cerfa/99999/1'])(
    'shows the not-found page for %s',
    async (path) => {
      signInCookie();
      mockApi({ 'GET /api/config': ok(aConfig()), 'GET /api/userConnected': ok(aUser()) });
      renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
      expect(window.location.pathname).toBe('/404');
      expect(screen.getByRole('link', { name: 'Retour à la liste des demandes' }).getAttribute('href')).toBe(
        '/dossiers',
      );
    },
  );

  it('shows the printable form without the sidebar', async () => {
    signInCookie();
    mockApi({ 'GET /api/config': ok(aConfig()), 'GET /api/userConnected': ok(aUser()) });
    renderApp('/cerfa/14023/abc');

    expect(await screen.findByRole('heading', { level: 1, name: 'Formulaire Cerfa n°14023' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
  });

  it('names the operators and subcontractors pages', async () => {
    signInCookie();
    mockApi({
      'GET /api/config': ok(aConfig()),
      'GET /api/userConnected': ok(aUser({ roles: ['ROLE_ADMIN'] })),
    });
    renderApp('/groups/soustraitant');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sous-traitants' })).toBeTruthy();
  });
});
