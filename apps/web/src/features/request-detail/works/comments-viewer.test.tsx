import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { CommentsViewer } from './comments-viewer';

describe('comments viewer', { timeout: 30_000 }, () => {
  it('opens every comment in time order, with its date, author and subject', async () => {
    const { calls } = mockApi({
      'GET /api/request/42/comments': ok([
        {
          at: '2026-03-02T08:15:00.000Z',
          author: 'Paul Instructeur',
          context: 'Demande de complétude',
          text: 'Il manque le plan de situation.',
        },
        {
          at: '2026-12-02T13:00:00.000Z',
          author: null,
          context: 'Réception refusée',
          text: 'Joints non scellés.',
        },
      ]),
    });
    const { user } = renderWithQuery(<CommentsViewer requestId={42} />);
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Commentaires' }));
    const dialog = await screen.findByRole('dialog', { name: 'Commentaires' });
    await within(dialog).findByText('Il manque le plan de situation.');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '02/03/2026 09:15 — Paul Instructeur — Demande de complétudeIl manque le plan de situation.',
      '02/12/2026 14:00 — Système — Réception refuséeJoints non scellés.',
    ]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/request/42/comments']);
  });

  it('says when there is none', async () => {
    mockApi({ 'GET /api/request/42/comments': ok([]) });
    const { user } = renderWithQuery(<CommentsViewer requestId={42} />);
    await user.click(screen.getByRole('button', { name: 'Commentaires' }));
    const dialog = await screen.findByRole('dialog', { name: 'Commentaires' });
    expect(
      await within(dialog).findByText("Aucun commentaire n'a été écrit sur cette demande."),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('list')).toBeNull();
  });
});
