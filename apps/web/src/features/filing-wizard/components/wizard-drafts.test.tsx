import { screen, waitFor, within } from '@testing-library/react';
import type { Draft } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import type { MapViewProps } from '../../map';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { MAP_LAYERS } from '../../../test/geo-fixtures';
import { mockApi, signInCookie, type MockAnswer, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { draftInputOf } from '../model/wizard-draft';
import { initialWizardState } from '../model/wizard-state';

// The wizard kept as a draft: saved as it goes, resumed from 'Brouillons',
// and leaving with input not yet saved asks 'Quitter sans enregistrer ?'.

vi.mock('../../map/components/map-panel', () => ({
  default: ({ ariaLabel }: MapViewProps) => <div role="region" aria-label={ariaLabel} />,
}));

const ID = '0b6f3c1e-6f1a-4a55-9a57-0d3f1f0c8a11';
const SLOW = { timeout: 15_000 };

function savedDraft(): Draft {
  const state = initialWizardState(1);
  const input = draftInputOf({
    ...state,
    step: 3,
    location: {
      ...state.location,
      addressName: 'des Pins',
      addressCity: 'Capbreton',
      wayType: 'Voie communale',
    },
    road: { status: 'done', typevoie: 'Voie communale', name: null },
    drafts: {
      ...state.drafts,
      petitioner: { ...state.drafts.petitioner, nature: 'Particulier', lastName: 'Durand' },
    },
  });
  return {
    ...input,
    state: JSON.parse(JSON.stringify(input.state)) as Record<string, unknown>,
    id: ID,
    createdAt: '2026-11-25T15:00:00.000Z',
    updatedAt: '2026-11-25T15:00:00.000Z',
  };
}

const summary = (call: RecordedCall, status = 200): MockAnswer => {
  const body = call.body as { kind: 1; step: 1; label: string };
  return {
    status,
    body: {
      success: true,
      message: 'Brouillon enregistré.',
      data: {
        id: ID,
        kind: body.kind,
        step: body.step,
        label: body.label,
        createdAt: '2026-11-25T15:00:00.000Z',
        updatedAt: '2026-11-25T16:04:00.000Z',
      },
    },
  };
};

function mockDraftApi() {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ roles: ['ROLE_DEMANDEUR'] })),
    'GET /api/map-layers': ok(MAP_LAYERS),
    'GET /api/typedocument': ok([]),
    'GET /api/library': ok([]),
    [`GET /api/drafts/${ID}`]: ok(savedDraft()),
    'POST /api/drafts': (call) => summary(call, 201),
    [`PUT /api/drafts/${ID}`]: (call) => summary(call),
  });
}

const menuLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', { name });
const saves = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/drafts') && call.method !== 'GET');

describe('the wizard as a draft', { timeout: 60_000 }, () => {
  it('resumes a draft on its step; a change is saved; leaving before the save asks first', async () => {
    const { calls } = mockDraftApi();
    const { user } = renderApp(`/ajoutdossier/1?brouillon=${ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Le demandeur' }, SLOW)).toBeTruthy();
    const lastName = screen.getByRole('textbox', { name: 'Nom' });
    expect(lastName).toHaveProperty('value', 'Durand');

    await user.type(lastName, '-Martin');
    await user.click(menuLink('Documents'));
    const dialog = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    expect(within(dialog).getByRole('button', { name: 'Enregistrer et quitter' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Quitter sans enregistrer' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Rester sur la page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/ajoutdossier/1');

    // The autosave: PUT of the resumed draft, with the new name; then leaving asks nothing.
    expect(await screen.findByText(/^Brouillon enregistré à \d\d:\d\d\.$/, {}, SLOW)).toBeTruthy();
    const [put] = saves(calls);
    expect(put).toMatchObject({ method: 'PUT', path: `/api/drafts/${ID}` });
    expect(put?.body).toMatchObject({
      kind: 1,
      step: 3,
      state: { drafts: { petitioner: { lastName: 'Durand-Martin' } } },
    });
    await user.click(menuLink('Documents'));
    await waitFor(() => expect(window.location.pathname).toBe('/documents'), SLOW);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a new request: the first save creates the draft (its id in the address), the next ones update it', async () => {
    const { calls } = mockDraftApi();
    const { user } = renderApp('/ajoutdossier/1');
    const project = await screen.findByRole('textbox', { name: 'Projet' }, SLOW);
    // Nothing typed: nothing saved, nothing asked.
    expect(saves(calls)).toEqual([]);
    await user.type(project, 'Fibre');
    await waitFor(() => expect(window.location.search).toBe(`?brouillon=${ID}`), SLOW);
    expect(saves(calls)).toMatchObject([{ method: 'POST', body: { kind: 1, step: 1, label: 'Fibre' } }]);
    // Same wizard, not reopened from the server.
    expect(screen.getByRole('textbox', { name: 'Projet' })).toHaveProperty('value', 'Fibre');
    expect(calls.some((call) => call.method === 'GET' && call.path === `/api/drafts/${ID}`)).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Projet' }), ' optique');
    await user.click(menuLink('Documents'));
    const dialog = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer et quitter' }));
    await waitFor(() => expect(window.location.pathname).toBe('/documents'), SLOW);
    expect(saves(calls).map((call) => call.method)).toEqual(['POST', 'PUT']);
    expect(saves(calls)[1]?.body).toMatchObject({ label: 'Fibre optique' });
  });

  it("'Quitter sans enregistrer' leaves without saving", async () => {
    const { calls } = mockDraftApi();
    const { user } = renderApp('/ajoutdossier/2');
    await user.type(await screen.findByRole('textbox', { name: 'Projet' }, SLOW), 'Clôture');
    await user.click(menuLink('Documents'));
    const dialog = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitter sans enregistrer' }));
    await waitFor(() => expect(window.location.pathname).toBe('/documents'), SLOW);
    expect(saves(calls)).toEqual([]);
  });
});
