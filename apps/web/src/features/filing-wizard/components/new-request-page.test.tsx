import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MapViewProps } from '../../map';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { ADDRESS_RESULTS, MAP_LAYERS, PARCEL_AB12, PARCELS, ROADS } from '../../../test/geo-fixtures';
import { mockApi, queryOf, signInCookie, type RecordedCall } from '../../../test/mock-api';
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

function mockWizardApi(troncon: unknown, user = aUser()) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(user),
    'GET /api/map-layers': ok(MAP_LAYERS),
    'GET /api/address/search': { body: ADDRESS_RESULTS },
    'GET /api/layers/roads': { body: ROADS },
    'GET /api/layers/parcels': { body: PARCELS },
    'GET /api/layers/communes': { body: { type: 'FeatureCollection', features: [] } },
    'POST /api/plots': ok({ plots: ['40065000AB0012'], sections: ['AB'], parcels: [] }),
    'POST /api/troncon': ok(troncon),
    'POST /api/zone': ok(null),
    'GET /api/perimeter': ok([{ id: 4, libelle: 'Orange', type: 'operator' }]),
    'GET /api/typedocument': ok([]),
  });
}

const COMMUNAL_ROAD = {
  id: 1,
  typevoie: 'Voie communale',
  nom: 'Rue des Pins',
  numero: null,
  inUrban: false,
  distance: 6.7,
};

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
    const { calls } = mockWizardApi(COMMUNAL_ROAD);
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

describe('new request wizard, the later steps (mocked API)', { timeout: 60_000 }, () => {
  it('checks the secondary addresses like the main one, and step 2 needs a theme', async () => {
    mockWizardApi(COMMUNAL_ROAD);
    const { user } = renderApp('/ajoutdossier/1');
    await chooseAddressAndParcel(user);
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Suivant' })).toHaveProperty('disabled', false),
      SLOW,
    );
    await user.click(screen.getByRole('button', { name: 'Ajouter une adresse' }));
    const second = screen.getByRole('group', { name: 'Adresse 2' });
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Veuillez corriger les erreurs du formulaire', {}, SLOW)).toBeTruthy();
    expect(within(second).getByRole('textbox', { name: 'Nom de voie' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // The keyboard is brought to the first field in error.
    await waitFor(() => expect(second.contains(document.activeElement)).toBe(true));
    await user.click(screen.getByRole('button', { name: "Supprimer l'adresse 2" }));
    expect(screen.queryByRole('group', { name: 'Adresse 2' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Projet' }), 'Pose d’un auvent');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Demande' }, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Le champ type(s) de travaux est obligatoire', {}, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Saillie / surplomb' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Le demandeur' }, SLOW)).toBeTruthy();
  });

  it("kind 2 goes from step 1 to 'Le demandeur', where 'Je suis le demandeur' fills the applicant", async () => {
    mockWizardApi(COMMUNAL_ROAD);
    const { user } = renderApp('/ajoutdossier/2');
    await chooseAddressAndParcel(user);
    expect(screen.queryByRole('button', { name: 'Ajouter une adresse' })).toBeNull();
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Suivant' })).toHaveProperty('disabled', false),
      SLOW,
    );
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Le demandeur' }, SLOW)).toBeTruthy();
    // The natures of an alignment applicant.
    const nature = screen.getByRole('combobox', { name: 'Statut' });
    expect(
      within(nature)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choisir…', 'Particulier', 'Entreprise', 'Notaire']);
    await user.click(screen.getByRole('button', { name: 'Je suis le demandeur' }));
    expect(field('Nom')).toHaveProperty('value', 'Dupont');
    expect(field('Prénom')).toHaveProperty('value', 'Claire');
    expect(field('Adresse e-mail')).toHaveProperty('value', 'claire.dupont@example.fr');
    await user.click(screen.getByRole('checkbox', { name: 'Le Bénéficiaire est différent du demandeur' }));
    expect(screen.getByRole('group', { name: 'Bénéficiaire : identité' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Localisation' }, SLOW)).toBeTruthy();
    // An applicant chooses no operator.
    expect(screen.queryByRole('combobox', { name: 'Opérateur' })).toBeNull();
  });

  it('offers the operators at the point to a user with a role beyond the applicant’s', async () => {
    const { calls } = mockWizardApi(COMMUNAL_ROAD, aUser({ roles: ['ROLE_INSTRUCTEUR'] }));
    const { user } = renderApp('/ajoutdossier/1');
    await chooseAddressAndParcel(user);
    const operator = await screen.findByRole('combobox', { name: 'Opérateur' }, SLOW);
    await user.click(operator);
    await user.click(await screen.findByRole('option', { name: 'Orange' }, SLOW));
    expect(operator).toHaveProperty('value', 'Orange');
    const query = queryOf(calls.findLast((call) => call.path === '/api/perimeter'));
    expect([query.get('limit'), query.get('type'), query.get('lon'), query.get('lat')]).toEqual([
      '10',
      'operator',
      '-1.4295',
      '43.63112',
    ]);
  });
});
