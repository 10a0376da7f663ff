import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { CancelWorksDialog } from './cancel-works-dialog';
import { aWorksRequest, renderWorksDialog } from './works-test-harness';

const QUESTION = 'Êtes-vous sûr de vouloir annuler les travaux ?';
const cancelled = () => aWorksRequest({ stateId: 1, state: { id: 1, name: 'Annulée' } });

describe('cancel works dialog', { timeout: 30_000 }, () => {
  it("asks first; 'Non' closes without a call", async () => {
    const { calls } = mockApi({ 'POST /api/request/42/cancel-works': ok(cancelled(), 'Travaux annulés') });
    const { user } = renderWorksDialog(CancelWorksDialog, aWorksRequest({ actions: ['cancelWorks'] }));
    const confirm = await screen.findByRole('dialog', { name: 'Annuler les travaux' });
    expect(within(confirm).getByText(QUESTION)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Annuler les travaux' })).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("'Oui' cancels the works: 'Travaux annulés', the request after the change", async () => {
    const { calls } = mockApi({ 'POST /api/request/42/cancel-works': ok(cancelled(), '') });
    const { user } = renderWorksDialog(CancelWorksDialog, aWorksRequest({ actions: ['cancelWorks'] }));
    const confirm = await screen.findByRole('dialog', { name: 'Annuler les travaux' });
    await user.click(within(confirm).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('Travaux annulés')).toBeTruthy();
    expect(screen.getByText('État : Annulée')).toBeTruthy();
    const call = calls.find((item) => item.path === '/api/request/42/cancel-works');
    expect(call?.method).toBe('POST');
    expect(call?.body).toBeUndefined();
  });

  it("shows the server's refusal in the dialog", async () => {
    mockApi({
      'POST /api/request/42/cancel-works': {
        status: 409,
        body: { success: false, message: "Cette action n'est pas possible dans l'état de la demande." },
      },
    });
    const { user } = renderWorksDialog(CancelWorksDialog, aWorksRequest({ actions: ['cancelWorks'] }));
    const confirm = await screen.findByRole('dialog', { name: 'Annuler les travaux' });
    await user.click(within(confirm).getByRole('button', { name: 'Oui' }));
    expect(
      await within(confirm).findByText("Cette action n'est pas possible dans l'état de la demande."),
    ).toBeTruthy();
  });
});
