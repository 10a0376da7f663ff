import { screen, waitFor, within } from '@testing-library/react';
import type { PublicWorksCollection } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import { aConfig } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import type { MapViewProps } from '../../map';

// The map's canvas is not testable in jsdom: the stand-in lists the features it is given, selects
// one as a click would, and shows its popup and the layers it was asked to read.
vi.mock('../../map/components/map-panel', () => ({
  default: ({
    ariaLabel,
    features = [],
    selectedFeature,
    onFeatureSelect,
    featurePopup,
    publicLayers,
  }: MapViewProps) => {
    const popup = selectedFeature ? featurePopup?.(selectedFeature.id) : null;
    return (
      <div role="region" aria-label={ariaLabel} data-public-layers={String(Boolean(publicLayers))}>
        {features.map((feature) => (
          <button key={feature.id} type="button" onClick={() => onFeatureSelect?.(feature.id)}>
            {`Chantier ${String(feature.id)}`}
          </button>
        ))}
        {popup && <p role="status">{[popup.title, ...popup.lines].join(' | ')}</p>}
      </div>
    );
  },
}));

const WORKS: PublicWorksCollection = {
  type: 'FeatureCollection',
  licence: 'Licence Ouverte / Open Licence 2.0',
  licence_url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
  producteur: 'CC Maremne Adour Côte Sud',
  date_donnees: '2026-06-10',
  tronque: false,
  features: [
    {
      type: 'Feature',
      id: 'aaaa',
      geometry: { type: 'Point', coordinates: [-1.429155, 43.63091] },
      properties: {
        identifiant: 'aaaa',
        nature: 'Permission de voirie - Réseaux',
        commune: 'Capbreton',
        code_insee: '40065',
        voie: 'Rue des Mimosas',
        date_debut: '2026-06-01',
        date_fin: '2026-06-20',
        statut: 'en_cours',
        operateur: 'Réseaux Sud Landes',
        impact_circulation: 'Circulation alternée par feux tricolores, vitesse limitée à 30 km/h',
        impact_niveau: 'circulation_alternee',
        localisation: 'precise',
        arrete_circulation: '/api/public/works/aaaa/arrete-circulation.pdf',
        acte_publie: null,
      },
    },
    {
      type: 'Feature',
      id: 'bbbb',
      geometry: { type: 'Point', coordinates: [-1.394, 43.705] },
      properties: {
        identifiant: 'bbbb',
        nature: 'Permission de voirie - Accès/Clôture',
        commune: 'Seignosse',
        code_insee: '40296',
        voie: 'Avenue des Lacs',
        date_debut: '2026-06-15',
        date_fin: '2026-06-15',
        statut: 'a_venir',
        operateur: null,
        impact_circulation: 'Pas d’impact notable sur la circulation',
        impact_niveau: 'aucun',
        localisation: 'approchee',
        arrete_circulation: '/api/public/works/bbbb/arrete-circulation.pdf',
        acte_publie: '/actes/2026_00007',
      },
    },
  ],
};

function publicApi() {
  return mockApi({
    'GET /api/config': { body: { success: true, message: '', data: aConfig() } },
    'GET /api/public/works.geojson': { body: WORKS },
    'GET /api/public/map-layers': { body: { success: true, message: '', data: [] } },
  });
}

describe('the public works page (/travaux)', () => {
  it('opens from the sign-in page without a session: the map, the table, the downloads', async () => {
    const { calls } = publicApi();
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Travaux en cours et à venir' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Travaux en cours et à venir' }),
    ).toBeTruthy();
    expect(await screen.findByText('2 chantiers')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Liste des travaux en cours et à venir' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      [
        'Permission de voirie - Réseaux',
        'Du 01/06/2026 au 20/06/2026',
        'En cours',
        'Réseaux Sud Landes',
        'Circulation alternée par feux tricolores, vitesse limitée à 30 km/h',
        'Arrêté de police de la circulation (PDF)',
        '',
      ],
      [
        'Permission de voirie - Accès/Clôture',
        'Le 15/06/2026',
        'À venir',
        '—',
        'Pas d’impact notable sur la circulation',
        'Arrêté de police de la circulation publié',
        '',
      ],
    ]);
    // The signed traffic-police order is published with its works.
    expect(
      within(table)
        .getByRole('link', { name: 'Arrêté de police de la circulation (PDF) : Rue des Mimosas, Capbreton' })
        .getAttribute('href'),
    ).toBe('/api/public/works/aaaa/arrete-circulation.pdf');
    // Once published, its page (stamp, hash, PDF) instead.
    expect(
      within(table)
        .getByRole('link', { name: 'Arrêté de police de la circulation publié : Avenue des Lacs, Seignosse' })
        .getAttribute('href'),
    ).toBe('/actes/2026_00007');
    expect(within(table).getByRole('rowheader', { name: 'Rue des Mimosas, Capbreton' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Télécharger en GeoJSON' }).getAttribute('href')).toBe(
      '/api/public/works.geojson',
    );
    expect(screen.getByRole('link', { name: 'Télécharger en CSV' }).getAttribute('href')).toBe(
      '/api/public/works.csv',
    );
    const map = await screen.findByRole('region', { name: 'Carte des travaux en cours et à venir' });
    expect(map.getAttribute('data-public-layers')).toBe('true');
    // Nothing that needs a session was asked.
    const paths = calls.map((call) => call.path);
    expect(paths).not.toContain('/api/userConnected');
    expect(paths).not.toContain('/api/map-layers');
  });

  it('filters by town and period; a row locates its works on the map with its popup', async () => {
    publicApi();
    const { user } = renderApp('/travaux');
    await screen.findByText('2 chantiers');
    await user.selectOptions(screen.getByLabelText('Commune'), 'Seignosse');
    expect(await screen.findByText('1 chantier')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Période'), 'En cours');
    expect(await screen.findByText('Aucun chantier')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Commune'), 'Toutes les communes');
    expect(await screen.findByText('1 chantier')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Voir sur la carte : Rue des Mimosas, Capbreton' }));
    const map = screen.getByRole('region', { name: 'Carte des travaux en cours et à venir' });
    await waitFor(() =>
      expect(within(map).getByRole('status').textContent).toBe(
        'Rue des Mimosas, Capbreton | Permission de voirie - Réseaux | Du 01/06/2026 au 20/06/2026 (en cours) | Opérateur : Réseaux Sud Landes | Circulation alternée par feux tricolores, vitesse limitée à 30 km/h',
      ),
    );
  });

  it('the fields page lists every field, the licence and what is never published', async () => {
    publicApi();
    renderApp('/travaux/donnees');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Données ouvertes des travaux' }),
    ).toBeTruthy();
    const fields = screen.getByRole('table', {
      name: 'Les champs des travaux publiés (propriétés GeoJSON et colonnes CSV)',
    });
    expect(
      within(fields)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'identifiant',
      'nature',
      'commune',
      'code_insee',
      'voie',
      'date_debut',
      'date_fin',
      'statut',
      'operateur',
      'impact_circulation',
      'impact_niveau',
      'localisation',
      'arrete_circulation',
      'acte_publie',
      'longitude',
      'latitude',
    ]);
    expect(
      screen
        .getByRole('link', { name: 'Texte de la Licence Ouverte / Open Licence 2.0' })
        .getAttribute('href'),
    ).toBe('https://www.etalab.gouv.fr/licence-ouverte-open-licence/');
    expect(screen.getByRole('heading', { level: 2, name: 'Ce qui n’est jamais publié' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la carte des travaux' }).getAttribute('href')).toBe(
      '/travaux',
    );
  });
});
