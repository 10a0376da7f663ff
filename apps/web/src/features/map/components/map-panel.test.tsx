import { screen, waitFor, within } from '@testing-library/react';
import type { GeometryCollection } from '@voirie/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { CONSULTATIONS_LAYER, MAP_LAYERS, PARCEL_AB12 } from '../../../test/geo-fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { MapView } from './map-view';

// OpenLayers runs in jsdom without drawing (no layout, no canvas): enough for the tools, the
// layer panel and the text alternative. Drawing itself is tested in the browser (e2e/map).

const SLOW = { timeout: 20_000 };
const shapes: GeometryCollection = {
  type: 'GeometryCollection',
  geometries: [PARCEL_AB12 as GeometryCollection['geometries'][number]],
};

describe('the map component', { timeout: 60_000 }, () => {
  // The lazy chunk: OpenLayers' hundreds of modules take a while to load the first time.
  beforeAll(async () => {
    await import('./map-panel');
  }, 120_000);

  it('offers the tools of the kind as toggle buttons, and the layers of GET map-layers', async () => {
    mockApi({ 'GET /api/map-layers': ok(MAP_LAYERS) });
    const { user } = renderWithQuery(<MapView ariaLabel="Carte de test" drawKinds={['Polygon']} />);

    const polygon = await screen.findByRole('button', { name: 'Dessiner un polygone' }, SLOW);
    const region = screen.getByRole('region', { name: 'Carte de test' });
    expect(within(region).getByRole('group', { name: 'Outils de la carte' })).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Dessiner un point' })).toBeNull();
    expect(polygon.getAttribute('aria-pressed')).toBe('false');
    await user.click(polygon);
    expect(polygon.getAttribute('aria-pressed')).toBe('true');
    const select = screen.getByRole('button', { name: 'Sélectionner une forme' });
    await user.click(select);
    expect(select.getAttribute('aria-pressed')).toBe('true');
    expect(polygon.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Supprimer la forme sélectionnée' })).toHaveProperty(
      'disabled',
      true,
    );
    // Nothing drawn, no address: nothing to locate or zoom to.
    expect(screen.getByRole('button', { name: "Centrer la carte sur l'adresse" })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Zoomer sur les formes dessinées' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('application', { name: /Carte interactive/ }).getAttribute('tabindex')).toBe('0');

    const base = screen.getByRole('radiogroup', { name: 'Fond de carte' });
    expect(within(base).getByRole('radio', { name: 'OpenStreetMap' })).toHaveProperty('checked', true);
    const parcels = screen.getByRole('checkbox', { name: 'Parcelles cadastrales' });
    expect(parcels).toHaveProperty('checked', false);
    await user.click(parcels);
    expect(parcels).toHaveProperty('checked', true);
    expect(screen.getByText('Légende des voies')).toBeTruthy();
    expect(screen.getByText('Autres voies (hors gestion de la communauté)')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Aucune forme dessinée');
  });

  it('describes the shapes it is given, and offers to zoom to them', async () => {
    mockApi({ 'GET /api/map-layers': ok(MAP_LAYERS) });
    renderWithQuery(<MapView ariaLabel="Carte de test" drawKinds={['Polygon']} shapes={shapes} />);
    const zoom = await screen.findByRole('button', { name: 'Zoomer sur les formes dessinées' }, SLOW);
    expect(zoom).toHaveProperty('disabled', false);
    expect(screen.getByRole('status').textContent).toBe('1 polygone dessiné');
  });

  it("lists the staff's Consultations layer among the overlays, unchecked, and turns it on", async () => {
    mockApi({ 'GET /api/map-layers': ok([...MAP_LAYERS, CONSULTATIONS_LAYER]) });
    const { user } = renderWithQuery(<MapView ariaLabel="Carte de test" />);
    const consultations = await screen.findByRole('checkbox', { name: 'Consultations' }, SLOW);
    const overlays = screen.getByRole('group', { name: 'Couches' });
    const labels = within(overlays)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(labels).toEqual([
      ...MAP_LAYERS.filter((row) => !row.baseLayer).map((row) => row.text),
      'Consultations',
    ]);
    expect(consultations).toHaveProperty('checked', false);
    await user.click(consultations);
    expect(consultations).toHaveProperty('checked', true);
    // Its popups are announced to screen readers, as the list's requests.
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });

  it('still works for drawing when the layers cannot be read', async () => {
    mockApi({});
    renderWithQuery(<MapView ariaLabel="Carte de test" drawKinds={['Point']} />);
    expect(await screen.findByRole('button', { name: 'Dessiner un point' }, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText(/couches de la carte n'ont pas pu être chargées/)).toBeTruthy(),
    );
    expect(screen.queryByRole('radiogroup', { name: 'Fond de carte' })).toBeNull();
  });
});
