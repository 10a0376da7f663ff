import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MapViewProps } from '../../map';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { ADDRESS_RESULTS, MAP_LAYERS, PARCEL_AB12, PARCELS, ROADS } from '../../../test/geo-fixtures';
import { mockApi, signInCookie, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

// The OpenLayers map is tested on its own (map-panel.test.tsx) and in the browser (e2e/map):
// here a stand-in shows what the page gives it.
vi.mock('../../map/components/map-panel', () => ({
  default: ({ ariaLabel, drawKinds = [], shapes }: MapViewProps) => (
    <div role="region" aria-label={ariaLabel}>
      <p>Outils : {drawKinds.join(', ')}</p>
      <p>Formes : {shapes?.geometries.length ?? 0}</p>
    </div>
  ),
}));

function mockWizardApi(troncon: unknown) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser()),
    'GET /api/map-layers': ok(MAP_LAYERS),
    'GET /api/address/search': { body: ADDRESS_RESULTS },
    'GET /api/layers/roads': { body: ROADS },
    'GET /api/layers/parcels': { body: PARCELS },
    'GET /api/layers/communes': { body: { type: 'FeatureCollection', features: [] } },
    'POST /api/plots': ok({ plots: ['40065000AB0012'], sections: ['AB'], parcels: [] }),
    'POST /api/troncon': ok(troncon),
    'POST /api/zone': ok(null),
  });
}

const field = (name: string) => screen.getByRole('textbox', { name });

// The first render loads the page's modules: slow on a busy machine.
const SLOW = { timeout: 15_000 };

async function chooseAddressAndParcel(user: ReturnType<typeof renderApp>['user']) {
  const search = await screen.findByRole('combobox', { name: 'Rechercher une adresse' }, SLOW);
  await user.type(search, '12 rue des pins');
  // The suggestions' list (the native select of 'Type de voie' has options too).
  await within(await screen.findByRole('listbox', {}, SLOW)).findByRole(
    'option',
    { name: /^12 Rue des Pins/ },
    SLOW,
  );
  await user.keyboard('{ArrowDown}{Enter}');
  const parcel = await screen.findByRole('checkbox', { name: /Parcelle AB 0012/ }, SLOW);
  parcel.focus();
  await user.keyboard(' ');
}

describe('new request wizard, step 1 by keyboard (mocked API)', { timeout: 60_000 }, () => {
  it('shows the heading of the kind, the six steps and Suivant disabled', async () => {
    mockWizardApi(0);
    renderApp('/ajoutdossier/2');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Dépôt demande - Demande d'alignement" }, SLOW),
    ).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Étapes de la demande' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['1Localisation', '2Demande', '3Demandeur', '4Chantier', '5Pièces Jointes', '6Attestation']);
    expect(screen.getByRole('button', { name: 'Suivant' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Précédent' })).toBeNull();
    // Kind 2 draws lines.
    expect(await screen.findByText('Outils : LineString', {}, SLOW)).toBeTruthy();
  });

  it('fills the address, the parcels and the road type from a parcel chosen in the list', async () => {
    const { calls } = mockWizardApi({
      id: 1,
      typevoie: 'Voie communale',
      nom: 'Rue des Pins',
      numero: null,
      inUrban: false,
      distance: 6.7,
    });
    const { user } = renderApp('/ajoutdossier/1');
    await chooseAddressAndParcel(user);

    await waitFor(() => expect(field('Parcelle(s)')).toHaveProperty('value', '40065000AB0012'), SLOW);
    expect(field('Section(s)')).toHaveProperty('value', 'AB');
    expect(screen.getByRole('textbox', { name: 'Type de voie' })).toHaveProperty('value', 'Voie communale');
    expect(field('En agglomération')).toHaveProperty('value', 'Non');
    expect(field('N°')).toHaveProperty('value', '12');
    expect(field('Nom de voie')).toHaveProperty('value', 'des Pins');
    expect(field('Code postal')).toHaveProperty('value', '40130');
    expect(field('Localité')).toHaveProperty('value', 'Capbreton');
    expect(screen.getByRole('combobox', { name: 'Type de voie' })).toHaveProperty('value', 'Rue');
    expect(screen.getByRole('button', { name: 'Suivant' })).toHaveProperty('disabled', false);
    expect(screen.getByText('Formes : 1')).toBeTruthy();

    const body = (path: string) => calls.find((call: RecordedCall) => call.path === path)?.body;
    const geom = { type: 'GeometryCollection', geometries: [PARCEL_AB12] };
    expect(body('/api/plots')).toEqual({ dep: '40', geom });
    expect(body('/api/troncon')).toEqual({ geom });
    expect(body('/api/zone')).toEqual({ lon: -1.4295, lat: 43.63112 });
  });

  it('keeps Suivant disabled and shows the exact refusal for a road the community does not manage', async () => {
    mockWizardApi({
      id: 2,
      typevoie: 'Route departementale',
      nom: null,
      numero: 'D652',
      inUrban: false,
      distance: 3,
    });
    const { user } = renderApp('/ajoutdossier/1');
    await chooseAddressAndParcel(user);

    const refusal = await screen.findByText(
      'Ce type de voie : "Route departementale" ne fait pas partie de la gestion de la communauté. Veuillez vérifier la localisation du chantier.',
      {},
      SLOW,
    );
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suivant' })).toHaveProperty('disabled', true);
  });

  it("says 'Aucune voie trouvée' when no road is near the shape", async () => {
    mockWizardApi(0);
    const { user } = renderApp('/ajoutdossier/1');
    await chooseAddressAndParcel(user);
    expect(
      await screen.findByText('Aucune voie trouvée Veuillez vérifier la localisation du chantier.', {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suivant' })).toHaveProperty('disabled', true);
  });
});
