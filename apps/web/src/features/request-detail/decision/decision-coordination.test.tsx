import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestDetail } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi, type RecordedCall } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { aStoredRequest } from '../../../test/request-fixtures';
import { aCoordinationReport } from '../coordination/coordination-fixtures';
import { DecisionDialog } from './index';

// The decision dialog and the coordination of works: the search as it opens, the
// warning before a favourable decision in conflict, the coordination prescription.

const networksRequest = (prescriptionCoordination: string | null = null): RequestDetail =>
  aStoredRequest({
    type: 1,
    stateId: 3,
    cerfa1402301: { id: 9, themes: 'pose_compteur', isAccessDevelopment: false, prescriptionCoordination },
  });

function renderDialog(request: RequestDetail) {
  const onSaved = vi.fn();
  renderWithQuery(<DecisionDialog request={request} open onClose={vi.fn()} onSaved={onSaved} />);
  return { onSaved, user: userEvent.setup() };
}

const decisionBody = (calls: RecordedCall[]) =>
  calls.find((call) => call.method === 'PUT')?.body as Record<string, unknown> | undefined;

describe('DecisionDialog — coordination of works', { timeout: 30_000 }, () => {
  it('searches the conflicts as it opens, warns before a favourable decision in conflict, and sends the prescription', async () => {
    const { calls } = mockApi({
      'POST /api/request/42/conflicts': ok(aCoordinationReport(), '2 conflits trouvés.'),
      'PUT /api/request/42/decision': ok(networksRequest('Coordonner.'), 'Décision enregistrée'),
    });
    const { user, onSaved } = renderDialog(networksRequest());
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: '/api/request/42/conflicts',
        body: { trigger: 'decision' },
      }),
    );
    // No warning, no prescription before the choice.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Prescription de coordination')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Favorable' }));
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('Travaux en conflit');
    expect(warning.textContent).toContain('en conflit avec 2 autres chantiers');
    expect(warning.textContent).toContain(
      'Demande n° 57, travaux du 05/06/2026 au 22/06/2026, à 20,4 m, 11 jours en commun',
    );
    expect(warning.textContent).toContain('La voie a été refaite le 14/08/2025, il y a moins de 3 ans');

    await user.click(screen.getByRole('button', { name: 'Proposer une prescription' }));
    const field = screen.getByLabelText<HTMLTextAreaElement>('Prescription de coordination');
    expect(field.value).toContain('la demande n° 57 (travaux du 05/06/2026 au 22/06/2026)');
    await user.clear(field);
    await user.paste('Intervention commune avec la demande 57.');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(decisionBody(calls)).toMatchObject({
      isFavorable: true,
      prescriptionCoordination: 'Intervention commune avec la demande 57.',
    });
  });

  it('a refusal carries no prescription, even one saved before', async () => {
    const { calls } = mockApi({
      'POST /api/request/42/conflicts': ok(aCoordinationReport({ conflicts: [], resurfacings: [] })),
      'PUT /api/request/42/decision': ok(networksRequest(), 'Décision enregistrée'),
    });
    const { user, onSaved } = renderDialog(networksRequest('Ancienne prescription.'));
    await user.click(screen.getByRole('radio', { name: 'Favorable' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Prescription de coordination').value).toBe(
      'Ancienne prescription.',
    );
    // Nothing found: no warning and nothing to propose.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Proposer une prescription' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Défavorable' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(decisionBody(calls)).toMatchObject({ isFavorable: false, prescriptionCoordination: null });
  });

  it('a failed search never blocks the decision', async () => {
    mockApi({ 'PUT /api/request/42/decision': ok(networksRequest(), 'Décision enregistrée') });
    const { user, onSaved } = renderDialog(networksRequest());
    await user.click(screen.getByRole('radio', { name: 'Favorable' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
