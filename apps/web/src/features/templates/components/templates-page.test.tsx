import { screen } from '@testing-library/react';
import type { Role } from '@voirie/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 15_000 };

const TEMPLATES = [
  { id: 1, libelle: 'Arrêté de permission de voirie - Réseaux' },
  { id: 6, libelle: 'Mise en demeure' },
];

function mockTemplatesApi(roles: Role[]) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ roles })),
    'GET /api/modele': ok(TEMPLATES),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('templates page /modeles', { timeout: 60_000 }, () => {
  it('lists one button per template; a click opens its editor in a new window', async () => {
    mockTemplatesApi(['ROLE_ADMIN']);
    const popup = { opener: {} as unknown };
    const open = vi.fn(() => popup as unknown as Window);
    vi.stubGlobal('open', open);
    const { user } = renderApp('/modeles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestion des modèles' }, SLOW)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Modèles' }, SLOW);
    expect(list.textContent).toContain('Arrêté de permission de voirie - Réseaux');
    await user.click(screen.getByRole('button', { name: 'Mise en demeure' }));
    expect(open).toHaveBeenCalledWith('/modeles/6', '_blank');
    expect(popup.opener).toBeNull();
    expect(screen.queryByText("Impossible d'ouvrir une nouvelle fenêtre.")).toBeNull();
  });

  it('says so when the window cannot be opened (pop-up blocked)', async () => {
    mockTemplatesApi(['ROLE_ADMIN']);
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const { user } = renderApp('/modeles');
    await user.click(
      await screen.findByRole('button', { name: 'Arrêté de permission de voirie - Réseaux' }, SLOW),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Impossible d'ouvrir une nouvelle fenêtre.",
    );
  });

  it('tells a non-administrator the screen is theirs only, without calling the API', async () => {
    const { calls } = mockTemplatesApi(['ROLE_INSTRUCTEUR']);
    renderApp('/modeles');
    expect(
      await screen.findByText('La gestion des modèles est réservée aux administrateurs.', {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mise en demeure' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/modele'))).toBe(false);
  });
});
