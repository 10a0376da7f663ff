import { screen, waitFor } from '@testing-library/react';
import { INVITATION_MESSAGES } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 15_000 };
const TOKEN = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo';

function mockInvitation(forThisAccount: boolean) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser()),
    [`GET /api/invitation/${TOKEN}`]: ok({ requestNumber: 42, party: 'beneficiary', forThisAccount }),
    [`POST /api/invitation/${TOKEN}/accept`]: ok({ publicId: 'k3x9q' }, INVITATION_MESSAGES.accepted),
    'GET /api/request/k3x9q': {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: 'introuvable' },
    },
  });
}

describe('invitation page /invitation/{token}', { timeout: 60_000 }, () => {
  it('tells what the invitation is about and accepts it, then opens the request', async () => {
    const api = mockInvitation(true);
    const { user, router } = renderApp(`/invitation/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: INVITATION_MESSAGES.title }, SLOW),
    ).toBeTruthy();
    expect(
      await screen.findByText('Vous avez été désigné(e) comme bénéficiaire de la demande n° 42.', {}, SLOW),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: "Accepter l'invitation" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dossiers/k3x9q'), SLOW);
    expect(
      api.calls.some((call) => call.method === 'POST' && call.path === `/api/invitation/${TOKEN}/accept`),
    ).toBe(true);
  });

  it('says when the signed-in account is not the invited address, and does not offer to accept', async () => {
    mockInvitation(false);
    renderApp(`/invitation/${TOKEN}`);
    expect(await screen.findByText(INVITATION_MESSAGES.otherAddress, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: "Accepter l'invitation" })).toHaveProperty('disabled', true);
  });
});
