import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { CerfaPrintButtons } from './cerfa-print-buttons';

afterEach(() => vi.unstubAllGlobals());

describe('CerfaPrintButtons', () => {
  it('prints each offered cerfa through GET request/{id}/pdf/{type} and links its replica in a new tab', async () => {
    const { calls } = mockApi({
      'GET /api/request/42/pdf/14024': ok(null, '/api/request/42/pdf/14024/file'),
    });
    const open = vi.fn<typeof window.open>(() => ({ opener: window }) as unknown as Window);
    vi.stubGlobal('open', open);
    const { user } = renderWithQuery(<CerfaPrintButtons requestId={42} publicId="k3x9q" />);
    expect(screen.getByRole('button', { name: 'Imprimer le cerfa 14023' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Voir le cerfa 14023' });
    expect(link.getAttribute('href')).toBe('/cerfa/14023/k3x9q');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Voir le cerfa 14024' }).getAttribute('href')).toBe(
      '/cerfa/14024/k3x9q',
    );
    await user.click(screen.getByRole('button', { name: 'Imprimer le cerfa 14024' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('/api/request/42/pdf/14024/file', '_blank'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/request/42/pdf/14024']);
  });

  it('offers only the given types, and says when the new window is blocked', async () => {
    mockApi({ 'GET /api/request/42/pdf/14023': ok(null, '/api/request/42/pdf/14023/file') });
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const { user } = renderWithQuery(<CerfaPrintButtons requestId={42} types={['14023']} />);
    expect(screen.queryByRole('button', { name: 'Imprimer le cerfa 14024' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voir le cerfa 14023' }).getAttribute('href')).toBe(
      '/cerfa/14023/42',
    );
    await user.click(screen.getByRole('button', { name: 'Imprimer le cerfa 14023' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Impossible d'ouvrir une nouvelle fenêtre.");
  });
});
