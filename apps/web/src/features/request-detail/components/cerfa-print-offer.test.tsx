import { screen } from '@testing-library/react';
import type { Request } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import type { MapViewProps } from '../../map';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { aStoredRequest } from '../../../test/request-fixtures';

// The request page offers the traffic-police order (cerfa 14024) only for works on the
// carriageway (the domain's offersTrafficOrder); the 14023 of a road permission always.

vi.mock('../../map/components/map-panel', () => ({
  default: ({ ariaLabel }: MapViewProps) => <div role="region" aria-label={ariaLabel} />,
}));

const SLOW = { timeout: 15_000 };

function showRequest(request: Request) {
  signInCookie();
  mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ id: 12 })),
    'GET /api/request/k3x9q': ok(request),
    'GET /api/log/request/42': ok([]),
  });
  renderApp('/dossiers/k3x9q');
}

const printButton = (type: string) => screen.queryByRole('button', { name: `Imprimer le cerfa ${type}` });

describe('the cerfa print buttons of the request page', { timeout: 60_000 }, () => {
  it('offer the 14024 when a trench crosses the roadway', async () => {
    const request = aStoredRequest();
    showRequest({ ...request, cerfa1402301: { ...request.cerfa1402301!, transverseTrenchUnderRoad: 8 } });
    expect(await screen.findByRole('button', { name: 'Imprimer le cerfa 14024' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir le cerfa 14024' }).getAttribute('href')).toBe(
      '/cerfa/14024/k3x9q',
    );
    expect(printButton('14023')).toBeTruthy();
  });

  it('offer only the 14023 when the works stay off the carriageway', async () => {
    showRequest(aStoredRequest());
    expect(await screen.findByRole('button', { name: 'Imprimer le cerfa 14023' }, SLOW)).toBeTruthy();
    expect(printButton('14024')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Voir le cerfa 14024' })).toBeNull();
  });

  it('offer none for an alignment', async () => {
    showRequest(aStoredRequest({ type: 2, cerfa1402301: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Demande n°42' }, SLOW)).toBeTruthy();
    expect(printButton('14023')).toBeNull();
    expect(printButton('14024')).toBeNull();
  });
});
