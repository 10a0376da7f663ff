import { screen, waitFor, within } from '@testing-library/react';
import type { DraftSummary } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const ACCESS: DraftSummary = {
  id: '0b6f3c1e-6f1a-4a55-9a57-0d3f1f0c8a11',
  kind: 3,
  step: 3,
  label: '12 Rue des Pins, Capbreton',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-25T16:04:00.000Z',
};
const UNNAMED: DraftSummary = {
  ...ACCESS,
  id: '7c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e',
  kind: 2,
  step: 1,
  label: '',
  updatedAt: '2026-11-24T08:30:00.000Z',
};

const SLOW = { timeout: 15_000 };

/** A fake API holding two drafts, changed by the DELETE it receives. */
function fakeDraftsApi() {
  let drafts = [ACCESS, UNNAMED];
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ roles: ['ROLE_DEMANDEUR'] })),
    'GET /api/drafts': () => ok(drafts),
    [`DELETE /api/drafts/${UNNAMED.id}`]: () => {
      drafts = drafts.filter((draft) => draft.id !== UNNAMED.id);
      return ok(null, 'Brouillon supprimé.');
    },
  });
}

describe('Brouillons', { timeout: 60_000 }, () => {
  it('lists the drafts with kind, label, step and last save, each resumable where it was left', async () => {
    fakeDraftsApi();
    renderApp('/brouillons');
    expect(await screen.findByRole('heading', { level: 1, name: 'Brouillons' }, SLOW)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Mes brouillons' }, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Permission de voirie - Accès/Clôture',
        '12 Rue des Pins, Capbreton',
        '3. Demandeur',
        '25/11/2026 17:04',
      ],
      ["Demande d'alignement", 'Demande sans adresse', '1. Localisation', '24/11/2026 09:30'],
    ]);
    const resume = within(rows[0]!).getByRole('link', { name: 'Reprendre : 12 Rue des Pins, Capbreton' });
    expect(resume.getAttribute('href')).toBe(`/ajoutdossier/3?brouillon=${ACCESS.id}`);
    // The files are not kept: the page says so.
    expect(screen.getByText(/Les pièces jointes ne sont pas conservées/)).toBeTruthy();
  });

  it("'Supprimer' asks first; 'Annuler' keeps the draft, confirming deletes it", async () => {
    const { calls } = fakeDraftsApi();
    const { user } = renderApp('/brouillons');
    await user.click(await screen.findByRole('button', { name: 'Supprimer : Demande sans adresse' }, SLOW));
    let dialog = await screen.findByRole('dialog', { name: 'Supprimer ce brouillon ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Supprimer : Demande sans adresse' }));
    dialog = await screen.findByRole('dialog', { name: 'Supprimer ce brouillon ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Brouillon supprimé.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Demande sans adresse')).toBeNull());
    expect(screen.getByText('12 Rue des Pins, Capbreton')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/drafts/${UNNAMED.id}`,
    ]);
  });

  it('says when there is no draft', async () => {
    signInCookie();
    mockApi({
      'GET /api/config': ok(aConfig()),
      'GET /api/userConnected': ok(aUser({ roles: ['ROLE_DEMANDEUR'] })),
      'GET /api/drafts': ok([]),
    });
    renderApp('/brouillons');
    expect(await screen.findByText("Vous n'avez aucun brouillon.", {}, SLOW)).toBeTruthy();
  });
});
