import { screen, waitFor, within } from '@testing-library/react';
import type { ConnectedUser } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

function signedInAs(user: ConnectedUser, extra: Parameters<typeof mockApi>[0] = {}) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(user),
    // The list page behind /dossiers.
    'GET /api/request': ok([]),
    'GET /api/request/count': ok({}),
    'GET /api/map-layers': ok([]),
    ...extra,
  });
}

async function mainMenu() {
  return screen.findByRole('navigation', { name: 'Menu principal' });
}

describe('signed-in shell', () => {
  it("shows who is signed in and an administrator's entries", async () => {
    signedInAs(aUser({ id: 1, roles: ['ROLE_ADMIN'], picture: null }));
    renderApp('/dossiers');

    const menu = await mainMenu();
    expect(screen.getByText('Dupont Claire')).toBeTruthy();
    expect(screen.getByText('claire.dupont@example.fr')).toBeTruthy();
    expect(screen.getByText('CD')).toBeTruthy();
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Demandes de voirie', '/dossiers'],
      ['Brouillons', '/brouillons'],
      ['Gestion des destinataires', '/destinataires'],
      ['Gestion des utilisateurs', '/users'],
      ['Gestion des modèles', '/modeles'],
      ['Gestion des opérateurs', '/groups/operator'],
      ['Gestion des sous-traitants', '/groups/soustraitant'],
      ['Tableau de bord', '/statistics'],
      ['Délais légaux', '/delais'],
      ['Registre des actes', '/registre'],
      ['Coordination des travaux', '/coordination'],
      ['Calendrier des chantiers', '/chantiers'],
      ['Documents', '/documents'],
      ['Mon compte', '/account'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Demandes de voirie' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(menu).getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
  });

  it("hides 'Mon compte' and administration from the configured shared applicant account", async () => {
    signedInAs(aUser({ id: 248, roles: ['ROLE_DEMANDEUR'] }));
    renderApp('/dossiers');

    const menu = await mainMenu();
    await waitFor(() => expect(within(menu).queryByRole('link', { name: 'Mon compte' })).toBeNull());
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Demandes de voirie', 'Brouillons', 'Documents']);
  });

  it('closes and reopens the sidebar with the burger button', async () => {
    signedInAs(aUser());
    const { user } = renderApp('/dossiers');
    await mainMenu();

    const burger = screen.getByRole('button', { name: 'Fermer le menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    await user.click(burger);

    const reopen = screen.getByRole('button', { name: 'Ouvrir le menu' });
    expect(reopen.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull());
    await user.click(reopen);
    expect(await mainMenu()).toBeTruthy();
  });

  it('signs out to the sign-in page', async () => {
    const { calls } = signedInAs(aUser(), { 'POST /api/logout': ok() });
    const { user } = renderApp('/dossiers');

    await user.click(within(await mainMenu()).getByRole('button', { name: 'Se déconnecter' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/logout')).toBe(true);
    expect(document.cookie).not.toContain('voirie_session');
  });

  it('says so when signing out fails, and stays', async () => {
    signedInAs(aUser(), { 'POST /api/logout': { status: 500, body: { success: false } } });
    const { user } = renderApp('/dossiers');

    await user.click(within(await mainMenu()).getByRole('button', { name: 'Se déconnecter' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Erreur de deconnexion');
    expect(screen.getByRole('heading', { level: 1, name: 'Localisation des demandes' })).toBeTruthy();
  });

  it('has the landmarks and the skip link', async () => {
    signedInAs(aUser());
    const { user } = renderApp('/dossiers');
    await mainMenu();

    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Données géographiques de démonstration');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Aller au contenu');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(main);
  });
});

describe('focus after navigation', () => {
  it('moves to the new page content when a sidebar link is followed', async () => {
    signedInAs(aUser({ roles: ['ROLE_ADMIN'] }));
    const { user } = renderApp('/dossiers');

    await user.click(within(await mainMenu()).getByRole('link', { name: 'Gestion des utilisateurs' }));

    await screen.findByRole('heading', { level: 1, name: 'Gestion des utilisateurs' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });
});
