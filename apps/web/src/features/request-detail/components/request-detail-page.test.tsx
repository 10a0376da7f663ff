import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { aStoredRequest } from '../../filing-wizard/model/wizard-fixtures';

const SLOW = { timeout: 15_000 };

function mockDetailApi(userId: number) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ id: userId })),
    'GET /api/request/k3x9q': ok(aStoredRequest()),
    'GET /api/request/999': { status: 404, body: { success: false, message: 'Not Found' } },
  });
}

describe('request page /dossiers/{id}', { timeout: 60_000 }, () => {
  it("shows the request's summary and 'Compléter la demande' to its owner in state 8", async () => {
    mockDetailApi(12);
    renderApp('/dossiers/k3x9q');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demande n°42' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Permission de voirie - Réseaux')).toBeTruthy();
    expect(screen.getByText('Transférée en complétude')).toBeTruthy();
    expect(screen.getByText('20/02/2026')).toBeTruthy();
    expect(screen.getByText('12 Rue des Pins, 40130 Capbreton')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compléter la demande' }).getAttribute('href')).toBe(
      '/updatedossier/k3x9q',
    );
  });

  it('offers no completion to another viewer, and says when the request is not found', async () => {
    mockDetailApi(13);
    const { router } = renderApp('/dossiers/k3x9q');
    await screen.findByRole('heading', { level: 1, name: 'Demande n°42' }, SLOW);
    expect(screen.queryByRole('link', { name: 'Compléter la demande' })).toBeNull();
    await router.navigate({ to: '/dossiers/$id', params: { id: '999' } });
    expect(
      await screen.findByText("Cette demande n'existe pas ou vous n'y avez pas accès.", {}, SLOW),
    ).toBeTruthy();
  });
});
