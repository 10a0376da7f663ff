import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADDRESS_RESULTS } from '../../../test/geo-fixtures';
import { mockApi, queryOf } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import type { AddressFeature } from '../api/map-api';
import { AddressSearch } from './address-search';

describe('address search box', { timeout: 40_000 }, () => {
  it('suggests addresses after a pause in typing, and Enter chooses the highlighted one', async () => {
    const { calls } = mockApi({ 'GET /api/address/search': { body: ADDRESS_RESULTS } });
    const onSelect = vi.fn<(address: AddressFeature) => void>();
    const { user } = renderWithQuery(<AddressSearch id="search" onSelect={onSelect} />);

    const box = screen.getByRole('combobox', { name: 'Rechercher une adresse' });
    expect(box.getAttribute('placeholder')).toBe('Rechercher une adresse...');
    await user.type(box, 'rue des pins');

    const options = await screen.findAllByRole('option', {}, { timeout: 15_000 });
    expect(options.map((option) => option.textContent)).toEqual([
      '12 Rue des Pins 40130 Capbreton',
      '5 Rue des Pins 40230 Saint-Vincent-de-Tyrosse',
    ]);
    // Debounced (200 ms): the whole text is asked, not one search per key (a busy machine may
    // pause long enough between two keys for one more).
    const searches = calls.filter((call) => call.path === '/api/address/search');
    expect(searches.length).toBeLessThanOrEqual(3);
    expect(queryOf(searches.at(-1)).get('q')).toBe('rue des pins');
    expect(queryOf(searches.at(-1)).get('limit')).toBe('10');

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]?.[0].properties.city).toBe('Saint-Vincent-de-Tyrosse');
    expect((box as HTMLInputElement).value).toBe('5 Rue des Pins 40230 Saint-Vincent-de-Tyrosse');
  });

  it("says 'Pas de résultat' when nothing matches", async () => {
    mockApi({ 'GET /api/address/search': { body: { type: 'FeatureCollection', features: [] } } });
    const { user } = renderWithQuery(<AddressSearch id="search" onSelect={() => undefined} />);
    await user.type(screen.getByRole('combobox', { name: 'Rechercher une adresse' }), 'nulle part');
    expect(await screen.findByText('Pas de résultat', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('does not call the search below three letters', async () => {
    const { calls } = mockApi({ 'GET /api/address/search': { body: ADDRESS_RESULTS } });
    const { user } = renderWithQuery(<AddressSearch id="search" onSelect={() => undefined} />);
    await user.type(screen.getByRole('combobox', { name: 'Rechercher une adresse' }), '12');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await waitFor(() => expect(screen.getByText('Pas de résultat')).toBeTruthy());
    expect(calls).toHaveLength(0);
  });
});
