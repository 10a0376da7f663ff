import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aConfig, ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const MESSAGE = 'Données de démonstration en cours de préparation';

describe('the demo data being prepared (first start)', () => {
  it('shows its message and progress on the sign-in page, until the server says it has ended', async () => {
    let progress: number | null = 0.42;
    mockApi({
      'GET /api/config': () =>
        ok(aConfig(progress === null ? {} : { demoPreparation: { message: MESSAGE, progress } })),
    });
    renderApp('/login');

    const message = await screen.findByText(MESSAGE);
    expect(message.closest('[role="status"]')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Préparation des données de démonstration' });
    expect(bar.getAttribute('value')).toBe('42');
    // The sign-in form is there meanwhile: the portal answers during the preparation.
    expect(screen.getByRole('button', { name: "Je m'identifie" })).toBeTruthy();

    progress = 0.9;
    await waitFor(() => expect(bar.getAttribute('value')).toBe('90'), { timeout: 5000 });
    progress = null;
    await waitFor(() => expect(screen.queryByText(MESSAGE)).toBeNull(), { timeout: 5000 });
  });
});
