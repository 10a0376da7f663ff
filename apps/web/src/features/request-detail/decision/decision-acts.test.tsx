import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VALIDATION_MESSAGES, type RequestDetail } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { aStoredRequest } from '../../../test/request-fixtures';
import { DecisionDialog } from './index';

// The decision of a permission asked with an alignment (two tabs, saved together) and
// the part of the traffic order it carries (the cerfa 14024, viewed and completed).

/** A networks permission in instruction, asked with an alignment, and a cerfa 14024 unless said. */
const combinedRequest = (overrides: Partial<RequestDetail> = {}): RequestDetail =>
  aStoredRequest({
    type: 1,
    stateId: 3,
    cerfa1402301: { id: 9, themes: 'ouvrages_divers', isAccessDevelopment: false },
    alignementId: 5,
    individualAlignmentRequest: {
      id: 5,
      alignmentOrderNumber: 'AL-31',
      isFavorable: null,
      rues: [{ name: 'Rue des Pins', competence: 'Communautaire', points: [] }],
    },
    cerfa14024: { id: 3, dateRegulation: '2026-06-01', durationRegulation: 10, limitedSpeed: 30 },
    actions: ['saveDecision', 'completeTrafficOrder'],
    ...overrides,
  });

function renderDialog(request: RequestDetail) {
  const onSaved = vi.fn();
  const onTrafficOrderSaved = vi.fn();
  renderWithQuery(
    <DecisionDialog
      request={request}
      open
      onClose={vi.fn()}
      onSaved={onSaved}
      onTrafficOrderSaved={onTrafficOrderSaved}
    />,
  );
  return { onSaved, onTrafficOrderSaved, user: userEvent.setup() };
}

describe('DecisionDialog of a permission asked with an alignment', { timeout: 60_000 }, () => {
  it('decides both acts in two tabs, shows the tab in error, and saves them together', async () => {
    const saved = combinedRequest();
    const { calls } = mockApi({
      'PUT /api/request/42/decision': ok(saved, 'La décision a été enregistrée.'),
    });
    const { user, onSaved } = renderDialog(combinedRequest());
    const tabs = screen.getByRole('tablist', { name: 'Actes de la demande' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Permission', 'Alignement']);
    // The permission's tab first: its networks prescriptions; the alignment's fields hidden.
    expect(screen.getByLabelText('Surface (m²)')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: "N° de l'arrêté d'alignement" })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Favorable' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // The alignment's choice is missing: its tab is shown with the message.
    expect(await screen.findByText(VALIDATION_MESSAGES.decisionRequired)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Alignement' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>("N° de l'arrêté d'alignement").value).toBe('AL-31');
    const choice = screen.getByRole('radiogroup', { name: "Sens de la décision d'alignement" });
    await user.click(within(choice).getByRole('radio', { name: 'Défavorable' }));
    await user.click(screen.getByLabelText("Commentaire de la décision d'alignement"));
    await user.paste('Voie départementale.');
    await user.click(screen.getByRole('checkbox', { name: 'Décision hors compétence' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, 'La décision a été enregistrée.'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      isFavorable: true,
      decisionDebitLS: 3,
      alignement: {
        isFavorable: false,
        commentDecision: 'Voie départementale.',
        parapheurDecision: null,
        decisionHorsCompetence: true,
        alignmentOrderNumber: 'AL-31',
        rues: [{ name: 'Rue des Pins', competence: 'Communautaire', points: [] }],
      },
    });
    // The alignment's fields are under `alignement` only.
    expect(put?.body).not.toHaveProperty('rues');
  });

  it('a permission alone keeps its single form', () => {
    renderDialog(combinedRequest({ alignementId: null, individualAlignmentRequest: null, cerfa14024: null }));
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Arrêté de police de la circulation' })).toBeNull();
  });
});

describe('the traffic order part of the decision', { timeout: 60_000 }, () => {
  it('links the cerfa 14024 view and completes the form in its dialog', async () => {
    const completed = combinedRequest({
      cerfa14024: { id: 3, dateRegulation: '2026-06-01', durationRegulation: 10, limitedSpeed: 20 },
    });
    const { calls } = mockApi({
      'PUT /api/request/42/cerfa14024': ok(completed, 'Le cerfa 14024 a été enregistré.'),
    });
    const { user, onTrafficOrderSaved } = renderDialog(combinedRequest());
    const part = screen.getByRole('region', { name: 'Arrêté de police de la circulation' });
    expect(within(part).getByRole('link', { name: 'Voir le cerfa 14024' }).getAttribute('href')).toBe(
      '/cerfa/14024/k3x9q',
    );
    await user.click(within(part).getByRole('button', { name: 'Compléter le cerfa 14024' }));
    const form = await screen.findByRole('dialog', { name: 'Compléter le cerfa 14024' });
    const speed = within(form).getByLabelText<HTMLInputElement>('Vitesse limitée à (km/h)');
    expect(speed.value).toBe('30');
    expect(
      within(form).getByLabelText<HTMLInputElement>('Durée de la réglementation (en jours calendaires)')
        .value,
    ).toBe('10');
    // A speed off the signs' values is refused under its field, nothing sent.
    await user.clear(speed);
    await user.type(speed, '25');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(form).findByText(
        'Le formulaire contient des erreurs : voir les messages sous les champs.',
      ),
    ).toBeTruthy();
    expect(speed.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(speed);
    await user.type(speed, '20');
    await user.selectOptions(
      within(form).getByLabelText('Sens de circulation concerné'),
      'Fermeture à la circulation',
    );
    const parking = within(form).getByRole('group', { name: 'Interdiction de stationner' });
    await user.click(within(parking).getByRole('checkbox', { name: 'Poids lourds' }));
    await user.click(within(form).getByRole('radio', { name: 'Par feux tricolores' }));
    await user.click(within(form).getByLabelText('Itinéraire de déviation (à préciser par sens)'));
    await user.paste('Par la rue des Écoles.');
    // The published order's detour, in the instructor's words.
    await user.click(within(form).getByLabelText("Itinéraire de déviation publié dans l'arrêté"));
    await user.paste('Par la route départementale 652.');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(onTrafficOrderSaved).toHaveBeenCalledWith(completed, 'Le cerfa 14024 a été enregistré.'),
    );
    // The 14024 alone is sent: its form's submit does not reach the decision's around it.
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      '/api/request/42/cerfa14024',
    ]);
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      limitedSpeed: 20,
      durationRegulation: 10,
      dateRegulation: '2026-06-01',
      directionTraffic: 'Fermeture à la circulation',
      alternatingCirculationManual: false,
      parkCar: false,
      parkTruck: true,
      detourRoute: 'Par la rue des Écoles.',
      signageBy: null,
      publishedDetourRoute: 'Par la route départementale 652.',
      publishedOtherPrescriptions: null,
    });
    // The dialog closed; the decision's dialog stays.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Compléter le cerfa 14024' })).toBeNull(),
    );
    expect(
      within(screen.getByRole('dialog', { name: 'Décision' })).queryByText(
        'Le formulaire contient des erreurs : voir les messages sous les champs.',
      ),
    ).toBeNull();
  });

  it('offers no completion when the server does not allow it', () => {
    renderDialog(combinedRequest({ actions: ['saveDecision'] }));
    const part = screen.getByRole('region', { name: 'Arrêté de police de la circulation' });
    expect(within(part).getByRole('link', { name: 'Voir le cerfa 14024' })).toBeTruthy();
    expect(within(part).queryByRole('button', { name: 'Compléter le cerfa 14024' })).toBeNull();
  });
});
