import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { ExtensionDialog } from './extension-dialog';
import { aWorksRequest, LIST_HEADING, renderWorksDialog } from './works-test-harness';

const TITLE = "Prolongation de l'autorisation des travaux";
const QUESTION =
  "Êtes vous sûr de vouloir dupliquer cette demande pour prolonger l'autorisation des travaux ?";
const INVERTED = 'La date de fin de travaux ne peut pas être inférieure à la date de début des travaux';

function mockExtension() {
  return mockApi({
    'POST /api/request/extension/42': ok(
      aWorksRequest({ id: 61, publicId: 'w8r4t', stateId: 3, extensionid: 42 }),
      'La demande de prolongation a été créée.',
    ),
    'GET /api/request/k3x9q': ok(aWorksRequest({ stateId: 10, state: { id: 10, name: 'Prolongée' } })),
  });
}

const dialog = () => screen.findByRole('dialog', { name: TITLE });
const days = (form: HTMLElement) => within(form).getByRole('textbox', { name: 'Nombre de jours' });

async function typeDates(
  form: HTMLElement,
  user: ReturnType<typeof renderWorksDialog>['user'],
  start: string,
  end: string,
) {
  await user.click(within(form).getByRole('group', { name: /^Date de début/ }));
  await user.keyboard(start);
  await user.click(within(form).getByRole('group', { name: /^Date de fin/ }));
  await user.keyboard(end);
}

describe('extension dialog', { timeout: 30_000 }, () => {
  it('requires both dates', async () => {
    const { calls } = mockExtension();
    const { user } = renderWorksDialog(ExtensionDialog, aWorksRequest({ actions: ['extend'] }));
    const form = await dialog();
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(within(form).getAllByText('Ce champ est obligatoire')).toHaveLength(2);
    expect(screen.queryByText(QUESTION)).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('counts the days (read-only) and refuses an end before the start, or a count of 0', async () => {
    const { calls } = mockExtension();
    const { user } = renderWorksDialog(ExtensionDialog, aWorksRequest({ actions: ['extend'] }));
    const form = await dialog();
    await typeDates(form, user, '10042026', '08042026');
    expect(days(form)).toHaveProperty('value', '-1');
    expect(days(form)).toHaveProperty('readOnly', true);
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(await within(form).findByText(INVERTED)).toBeTruthy();
    expect(screen.queryByText(QUESTION)).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("asks for confirmation: 'Non' reopens the dates, 'Oui' creates the extension and returns to the list", async () => {
    const { calls } = mockExtension();
    const { user } = renderWorksDialog(ExtensionDialog, aWorksRequest({ actions: ['extend'] }));
    let form = await dialog();
    await typeDates(form, user, '01042026', '05042026');
    expect(days(form)).toHaveProperty('value', '5');
    await user.click(within(form).getByRole('button', { name: 'Valider' }));

    let confirm = await screen.findByRole('dialog', { name: 'Prolongation de la demande' });
    expect(within(confirm).getByText(QUESTION)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Non' }));
    form = await dialog();
    // The dates typed are kept.
    expect(days(form)).toHaveProperty('value', '5');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    confirm = await screen.findByRole('dialog', { name: 'Prolongation de la demande' });
    await user.click(within(confirm).getByRole('button', { name: 'Oui' }));

    expect(await screen.findByRole('heading', { name: LIST_HEADING })).toBeTruthy();
    expect(await screen.findByText('La demande de prolongation a été créée.')).toBeTruthy();
    const call = calls.find((item) => item.path === '/api/request/extension/42');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ dateStart: '2026-04-01', dateEnd: '2026-04-05' });
  });

  it("shows the server's refusal in the confirmation and stays on the page", async () => {
    mockApi({
      'POST /api/request/extension/42': {
        status: 409,
        body: {
          success: false,
          message: "Seule une permission de voirie sans demande d'alignement peut être prolongée.",
        },
      },
    });
    const { user, router } = renderWorksDialog(ExtensionDialog, aWorksRequest({ actions: ['extend'] }));
    const form = await dialog();
    await typeDates(form, user, '01042026', '05042026');
    await user.click(within(form).getByRole('button', { name: 'Valider' }));
    const confirm = await screen.findByRole('dialog', { name: 'Prolongation de la demande' });
    await user.click(within(confirm).getByRole('button', { name: 'Oui' }));
    expect(
      await within(confirm).findByText(
        "Seule une permission de voirie sans demande d'alignement peut être prolongée.",
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dossiers/k3x9q');
  });
});
