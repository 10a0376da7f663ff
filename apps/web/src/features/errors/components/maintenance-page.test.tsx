import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const MESSAGE = 'Le portail est en maintenance. Merci de réessayer dans quelques minutes.';
const CLOSED = { status: 503, body: { success: false, code: 'MAINTENANCE', message: MESSAGE } };

describe('maintenance page', () => {
  it('is where a call answered MAINTENANCE leads, without the sidebar; Réessayer returns once open', async () => {
    signInCookie();
    let open = false;
    mockApi({
      'GET /api/config': () => ok(aConfig({ maintenance: !open })),
      'GET /api/userConnected': () => (open ? ok(aUser()) : CLOSED),
      // The list page behind /dossiers, once open.
      'GET /api/request': ok([]),
      'GET /api/request/count': ok({}),
      'GET /api/map-layers': ok([]),
    });
    const { router, user } = renderApp('/dossiers');

    expect(await screen.findByRole('heading', { level: 1, name: 'Maintenance' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/maintenance');
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Portail voirie - Maintenance'));

    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Le portail est toujours en maintenance.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/maintenance');

    open = true;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dossiers'));
  });
});
