import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../api/upload-test-xhr';
import type { MapViewProps } from '../../map';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { MAP_LAYERS } from '../../../test/geo-fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { aStoredRequest, DOCUMENT_TYPES } from '../../../test/request-fixtures';

vi.mock('../../map/components/map-panel', () => ({
  default: ({ ariaLabel, drawKinds = [] }: MapViewProps) => (
    <div role="region" aria-label={ariaLabel}>
      <p>Outils : {drawKinds.join(', ')}</p>
    </div>
  ),
}));

const SLOW = { timeout: 15_000 };

/** What the instructor asked for (POST request/{id}/completeness), as GET request/{id} carries it. */
const ASKED = {
  missingDocumentTypes: [{ id: 5, name: 'Photos' }],
  comment: 'Merci de joindre une photo de la façade.',
  completenessDate: '2026-03-10',
};

function mockUpdateApi(request = aStoredRequest({ ...ASKED, actions: ['complete', 'updateRequest'] })) {
  signInCookie();
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // What GET request/{id} answers now (the server's state changes once the PUT succeeds).
  const stored = { request };
  const api = mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser()),
    'GET /api/map-layers': ok(MAP_LAYERS),
    'GET /api/typedocument': ok(DOCUMENT_TYPES),
    'GET /api/perimeter': ok([]),
    'GET /api/request/k3x9q': () => ok(stored.request),
    'GET /api/request/42': () => ok(stored.request),
  });
  return { ...api, stored };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const next = () => screen.getByRole('button', { name: 'Suivant' });
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name }, SLOW);

describe('update route /updatedossier/{id}', { timeout: 60_000 }, () => {
  it('completes a request in state 8: every step filled, the missing piece required, PUT then its page', async () => {
    const { stored } = mockUpdateApi();
    const { user, router } = renderApp('/updatedossier/k3x9q');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mise à jour demande' }, SLOW)).toBeTruthy();
    // What is missing, the instructor's comment and the date, above every step.
    const asked = await screen.findByRole('region', { name: 'Demande de complétude' }, SLOW);
    expect(
      within(within(asked).getByRole('list', { name: 'Pièces manquantes' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Photos']);
    expect(within(asked).getByText('Merci de joindre une photo de la façade.')).toBeTruthy();
    expect(within(asked).getByText('10/03/2026')).toBeTruthy();
    // Editing offers the three drawing tools; the stored footprint's way type lets Suivant through.
    expect(await screen.findByText('Outils : Point, LineString, Polygon', {}, SLOW)).toBeTruthy();
    const main = screen.getByRole('group', { name: 'Adresse principale des travaux' });
    expect(within(main).getByRole('textbox', { name: 'Nom de voie' })).toHaveProperty('value', 'des Pins');
    const second = screen.getByRole('group', { name: 'Adresse 2' });
    expect(within(second).getByRole('textbox', { name: 'Nom de voie' })).toHaveProperty(
      'value',
      'de la Plage',
    );
    await user.click(next());

    await stepHeading('Demande');
    expect(screen.getByRole('spinbutton', { name: 'Diamètre de la buse (mm)' })).toHaveProperty(
      'value',
      '300',
    );
    expect(screen.getByText('Saisir un nombre entier positif')).toBeTruthy();
    await user.click(next());

    await stepHeading('Le demandeur');
    expect(
      screen.getByRole('checkbox', { name: 'Le Bénéficiaire est différent du demandeur' }),
    ).toHaveProperty('disabled', true);
    await user.click(next());

    await stepHeading('Informations complémentaires');
    expect(screen.getByRole('textbox', { name: 'Nombre de jours' })).toHaveProperty('value', '5');
    await user.click(next());

    await stepHeading('Pièces jointes à la demande');
    await screen.findByRole('heading', { level: 3, name: '1. Pièces pour toute demande' }, SLOW);
    // Exactly the missing piece is asked for: none of the filing's other pieces, no complementary section.
    expect(screen.queryByRole('heading', { level: 3, name: '2. Pièces Complémentaires' })).toBeNull();
    for (const other of DOCUMENT_TYPES.filter((type) => type.id !== 5))
      expect(screen.queryByText(other.name, { exact: false })).toBeNull();
    await user.click(next());
    expect(
      await screen.findByText(
        "La pièce « Photos » demandée pour la complétude n'a pas été envoyée.",
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Veuillez corriger les erreurs du formulaire')).toBeTruthy();
    await user.upload(
      screen.getByLabelText(/^Photos/),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], 'facade.jpg', { type: 'image/jpeg' }),
    );
    expect(screen.getByText('facade.jpg')).toBeTruthy();
    await user.click(next());

    await stepHeading('Attestation');
    expect(screen.getByRole('textbox', { name: 'Le' })).toHaveProperty('disabled', true);
    await user.click(
      screen.getByRole('checkbox', { name: "J'atteste de l'exactitude des informations fournies" }),
    );
    await user.click(screen.getByRole('button', { name: 'Terminer' }));

    const xhr = FakeXhr.all[0] as FakeXhr;
    expect([xhr.method, xhr.url, xhr.timeout]).toEqual(['PUT', '/api/request/42', 20_000]);
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['request', 'document-5']);
    expect(JSON.parse(form.get('request') as string)).toMatchObject({
      type: 3,
      location: { addressName: 'des Pins', adresses: [{ id: 7, addressName: 'de la Plage' }] },
      cerfa1402301: { id: 9, pipeDiameter: 300 },
      dates: { dateStart: '2026-03-02', dateEnd: '2026-03-06' },
      attestation: { accuracyInformation: true, madeIn: 'Capbreton' },
    });
    xhr.progress(100, 400);
    expect(await screen.findByRole('progressbar', { name: 'Envoi de la pièce « Photos »' })).toBeTruthy();
    stored.request = aStoredRequest({ stateId: 9 });
    xhr.answer(200, {
      success: true,
      message: 'Votre demande a bien été mise à jour.',
      data: stored.request,
    });
    expect(await screen.findByText('Votre demande a bien été mise à jour.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dossiers/k3x9q'), SLOW);
    expect(await screen.findByRole('heading', { level: 1, name: 'Demande n°42' }, SLOW)).toBeTruthy();
    // The request now in state 9 does not send the user back to the list with the alert.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText("Votre demande n'est pas en état de complétude")).toBeNull();
    expect(router.state.location.pathname).toBe('/dossiers/k3x9q');
  });

  it('keeps everything after a refused Terminer and shows the server message', async () => {
    mockUpdateApi(aStoredRequest({ missingDocuments: [], actions: ['complete'] }));
    const { user } = renderApp('/updatedossier/k3x9q');
    await screen.findByRole('heading', { level: 1, name: 'Mise à jour demande' }, SLOW);
    for (const step of [
      'Demande',
      'Le demandeur',
      'Informations complémentaires',
      'Pièces jointes à la demande',
    ]) {
      await waitFor(() => expect(next().hasAttribute('disabled')).toBe(false), SLOW);
      await user.click(next());
      await stepHeading(step);
    }
    await screen.findByRole('heading', { level: 3, name: '1. Pièces pour toute demande' }, SLOW);
    await user.click(next());
    await stepHeading('Attestation');
    await user.click(
      screen.getByRole('checkbox', { name: "J'atteste de l'exactitude des informations fournies" }),
    );
    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    (FakeXhr.all[0] as FakeXhr).answer(409, {
      success: false,
      message: "Votre demande n'est pas en état de complétude",
    });
    expect(
      await screen.findByText(
        "Erreur lors de la mise à jour du dossier : Votre demande n'est pas en état de complétude",
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: "J'atteste de l'exactitude des informations fournies" }),
    ).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: 'Fait à' })).toHaveProperty('value', 'Capbreton');

    // A refusal naming fields brings the user to the first step concerned, the reason under the field.
    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    (FakeXhr.all[1] as FakeXhr).answer(400, {
      success: false,
      code: 'VALIDATION',
      message: 'Erreur lors de la mise à jour du dossier : Date de fin refusée',
      errors: [{ path: 'dates.dateEnd', message: 'Date de fin refusée' }],
    });
    await stepHeading('Informations complémentaires');
    expect(screen.getAllByText('Date de fin refusée').length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'Nombre de jours' })).toHaveProperty('value', '5');
  });

  it("opens the wizard for an admin's 'Mise à jour du dossier' in any state, as the server allows", async () => {
    mockUpdateApi(
      aStoredRequest({
        stateId: 3,
        state: { id: 3, name: 'Transférée pour instruction' },
        actions: ['updateRequest'],
      }),
    );
    renderApp('/updatedossier/k3x9q');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mise à jour demande' }, SLOW)).toBeTruthy();
    expect(screen.queryByText("Votre demande n'est pas en état de complétude")).toBeNull();
    expect(await stepHeading('Localisation')).toBeTruthy();
  });

  it("sends a request not in state 8 back to the list with 'Votre demande n'est pas en état de complétude'", async () => {
    mockUpdateApi(aStoredRequest({ stateId: 3, state: { id: 3, name: 'Transférée pour instruction' } }));
    const { router } = renderApp('/updatedossier/k3x9q');
    expect(await screen.findByText("Votre demande n'est pas en état de complétude", {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dossiers'), SLOW);
  });
});
