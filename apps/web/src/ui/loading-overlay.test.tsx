import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp, http } from '../api';
import { LoadingOverlay } from './loading-overlay';

/** A fetch whose answers the test releases one by one. */
function controllableFetch() {
  const pending: Array<(response: Response) => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve))),
  );
  const answer = (status: number) =>
    act(async () => {
      pending.shift()?.(new Response(JSON.stringify({ success: status < 400, message: '' }), { status }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { answer };
}

const status = () => screen.getByRole('status');

describe('global loading overlay', () => {
  it('says "Chargement..." while requests run, until the last one ends, success or error', async () => {
    configureHttp({
      notify: () => undefined,
      onSessionExpired: () => undefined,
      onMaintenance: () => undefined,
    });
    const { answer } = controllableFetch();
    render(<LoadingOverlay />);
    expect(status().textContent).toBe('');

    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      first = http.get('config');
      second = http.get('request').catch(() => undefined);
    });
    expect(status().textContent).toBe('Chargement...');

    await answer(200);
    await first;
    expect(status().textContent).toBe('Chargement...');

    await answer(500);
    await second;
    expect(status().textContent).toBe('');
  });

  it('stays hidden for calls made without the overlay', async () => {
    const { answer } = controllableFetch();
    render(<LoadingOverlay />);

    act(() => void http.get('config', { overlay: false }));

    expect(status().textContent).toBe('');
    await answer(200);
  });
});
