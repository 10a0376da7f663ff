import { screen, within } from '@testing-library/react';
import type { GeometryCollection } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fixtures';
import {
  ADDRESS_POINT,
  MAP_LAYERS,
  PARCEL_AB12,
  PARCELS,
  PINS_LINE,
  ROADS,
} from '../../../test/geo-fixtures';
import { mockApi, queryOf } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { NEARBY_TEXTS, NearbyShapesPicker } from './nearby-shapes-picker';

function mockGis() {
  return mockApi({
    'GET /api/map-layers': ok(MAP_LAYERS),
    'GET /api/layers/roads': { body: ROADS },
    'GET /api/layers/parcels': { body: PARCELS },
  });
}

describe('keyboard path: roads and parcels near the address', { timeout: 40_000 }, () => {
  it('lists the nearest roads and parcels first, asking the layers around the address', async () => {
    const { calls } = mockGis();
    renderWithQuery(<NearbyShapesPicker center={ADDRESS_POINT} onChange={() => undefined} />);

    const roads = await screen.findByRole('radiogroup', { name: 'Voies à proximité' }, { timeout: 15_000 });
    expect(
      within(roads)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Aucune voie',
      'Rue des Pins — Voie communale (à 13 m)',
      'Route de Bayonne (D652) — Route departementale, hors gestion de la communauté (à 31 m)',
    ]);
    const parcels = screen.getByRole('group', { name: 'Parcelles à proximité' });
    expect(
      within(parcels)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Parcelle AB 0012 — Capbreton (sous l’adresse)', 'Parcelle AB 0013 — Capbreton (à 24 m)']);

    const query = queryOf(calls.find((call) => call.path === '/api/layers/roads'));
    const [minLon, minLat, maxLon, maxLat] = (query.get('bbox') ?? '').split(',').map(Number);
    expect(minLon).toBeLessThan(ADDRESS_POINT[0]);
    expect(maxLon).toBeGreaterThan(ADDRESS_POINT[0]);
    expect(minLat).toBeLessThan(ADDRESS_POINT[1]);
    expect(maxLat).toBeGreaterThan(ADDRESS_POINT[1]);
    expect(query.get('zoom')).toBe('18');
  });

  it('gives the chosen road line and parcel polygons as the shapes, by keyboard only', async () => {
    mockGis();
    const onChange = vi.fn<(shapes: GeometryCollection) => void>();
    const { user } = renderWithQuery(<NearbyShapesPicker center={ADDRESS_POINT} onChange={onChange} />);
    const noRoad = await screen.findByRole('radio', { name: 'Aucune voie' }, { timeout: 15_000 });

    // Tab into the radio group, then the arrow keys move the choice.
    await user.tab();
    expect(document.activeElement).toBe(noRoad);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /Rue des Pins/ })).toHaveProperty('checked', true);
    expect(onChange).toHaveBeenLastCalledWith({ type: 'GeometryCollection', geometries: [PINS_LINE] });

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /Parcelle AB 0012/ }));
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith({
      type: 'GeometryCollection',
      geometries: [PINS_LINE, PARCEL_AB12],
    });

    await user.click(noRoad);
    expect(onChange).toHaveBeenLastCalledWith({ type: 'GeometryCollection', geometries: [PARCEL_AB12] });
  });

  it('says so when nothing is near the address', async () => {
    mockApi({
      'GET /api/map-layers': ok(MAP_LAYERS),
      'GET /api/layers/roads': { body: { type: 'FeatureCollection', features: [] } },
      'GET /api/layers/parcels': { body: { type: 'FeatureCollection', features: [] } },
    });
    renderWithQuery(<NearbyShapesPicker center={[-1.053, 43.71]} onChange={() => undefined} />);
    expect(await screen.findByText('Aucune voie à proximité de l’adresse.')).toBeTruthy();
    expect(screen.getByText('Aucune parcelle à proximité de l’adresse.')).toBeTruthy();
  });

  it('tells when the layers cannot be read', async () => {
    mockApi({ 'GET /api/map-layers': ok(MAP_LAYERS) });
    renderWithQuery(<NearbyShapesPicker center={ADDRESS_POINT} onChange={() => undefined} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(NEARBY_TEXTS.failed);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
