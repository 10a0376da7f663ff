import { screen, waitFor, within } from '@testing-library/react';
import type { RequestDetail } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi, type RecordedCall } from '../../../test/mock-api';
import type { MapViewProps } from '../../map';
import { RoadDisturbanceDialog } from './road-disturbance-dialog';
import { aWorksRequest, renderWorksDialog } from './works-test-harness';

// The map's canvas is not testable in jsdom: the stand-in draws a point on demand and shows
// the point the dialog gives it back.
vi.mock('../../map/components/map-panel', () => ({
  default: ({ ariaLabel, drawKinds = [], shapes, onShapesChange }: MapViewProps) => (
    <div role="region" aria-label={ariaLabel}>
      <p>Outils : {drawKinds.join(', ')}</p>
      <p>
        Point :{' '}
        {shapes?.geometries.map((geometry) =>
          geometry.type === 'Point' ? geometry.coordinates.join(' ') : '',
        )}
      </p>
      <button
        type="button"
        onClick={() =>
          onShapesChange?.({
            type: 'GeometryCollection',
            geometries: [
              { type: 'Point', coordinates: [-1.5, 43.5] },
              { type: 'Point', coordinates: [-1.4412345678, 43.6412345678] },
            ],
          })
        }
      >
        Dessiner sur la carte
      </button>
    </div>
  ),
}));

const received = (overrides: Partial<RequestDetail> = {}) =>
  aWorksRequest({
    stateId: 2,
    state: { id: 2, name: 'Travaux réceptionnés' },
    actions: ['declareRoadDisturbance'],
    ...overrides,
  });

function mockDisturbance() {
  return mockApi({
    'GET /api/instructors': ok([
      { id: 3, name: 'Paul Martin' },
      { id: 4, name: 'Anne Leroy' },
    ]),
    'POST /api/request/42/road-disturbance': ok(
      received({ actions: ['generateDisturbanceMinutes'] }),
      'La perturbation de voirie a été déclarée.',
    ),
  });
}

const posts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/request/42/road-disturbance');

async function confirm(user: ReturnType<typeof renderWorksDialog>['user']) {
  const question = await screen.findByRole('dialog', { name: 'Déclarer une perturbation de voirie' });
  expect(
    within(question).getByText(
      'Êtes-vous sûr de vouloir déclarer une perturbation de voirie pour cette demande ?',
    ),
  ).toBeTruthy();
  await user.click(within(question).getByRole('button', { name: 'Oui' }));
  return screen.findByRole('dialog', { name: 'Rapport de perturbation de voirie' });
}

async function chooseWitness(
  form: HTMLElement,
  user: ReturnType<typeof renderWorksDialog>['user'],
  name: string,
) {
  await user.click(
    within(form).getByRole('combobox', { name: /Instructeur ayant constaté la perturbation/ }),
  );
  await user.click(await screen.findByRole('option', { name }));
}

describe('road disturbance dialog', { timeout: 30_000 }, () => {
  it("asks for confirmation first: 'Non' closes without a call", async () => {
    const { calls } = mockDisturbance();
    const { user } = renderWorksDialog(RoadDisturbanceDialog, received());
    const question = await screen.findByRole('dialog', { name: 'Déclarer une perturbation de voirie' });
    await user.click(within(question).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([]);
  });

  it('requires the witness and the place', async () => {
    const { calls } = mockDisturbance();
    const { user } = renderWorksDialog(RoadDisturbanceDialog, received());
    const form = await confirm(user);
    await user.click(within(form).getByRole('button', { name: 'Déclarer' }));
    expect(
      await within(form).findByText("Veuillez choisir l'instructeur qui a constaté la perturbation"),
    ).toBeTruthy();
    expect(within(form).getByText('Veuillez indiquer le lieu de la perturbation sur la carte')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('takes the place drawn on the map (the last point), and sends the report as JSON without photos', async () => {
    const { calls } = mockDisturbance();
    const { user } = renderWorksDialog(RoadDisturbanceDialog, received());
    const form = await confirm(user);
    const map = await within(form).findByRole('region', { name: 'Carte du lieu de la perturbation' });
    expect(within(map).getByText('Outils : Point')).toBeTruthy();
    await user.click(within(map).getByRole('button', { name: 'Dessiner sur la carte' }));
    expect(within(form).getByRole('textbox', { name: /^Latitude/ })).toHaveProperty('value', '43.641235');
    expect(within(form).getByRole('textbox', { name: /^Longitude/ })).toHaveProperty('value', '-1.441235');
    expect(within(map).getByText('Point : -1.441235 43.641235')).toBeTruthy();
    await chooseWitness(form, user, 'Anne Leroy');
    await user.type(within(form).getByRole('textbox', { name: 'Commentaire' }), 'Tranchée affaissée');
    await user.click(within(form).getByRole('button', { name: 'Déclarer' }));
    expect(await screen.findByText('La perturbation de voirie a été déclarée.')).toBeTruthy();
    expect(posts(calls).map((call) => call.body)).toEqual([
      { witnessId: 4, comment: 'Tranchée affaissée', lat: 43.641235, lon: -1.441235 },
    ]);
  });

  it("offers the keyboard the request's own place or typed coordinates, and sends photos as multipart", async () => {
    const { calls } = mockDisturbance();
    const { user } = renderWorksDialog(RoadDisturbanceDialog, received());
    const form = await confirm(user);
    await user.click(within(form).getByRole('button', { name: 'Utiliser l’emplacement de la demande' }));
    const latitude = within(form).getByRole('textbox', { name: /^Latitude/ });
    expect(latitude).toHaveProperty('value', '43.6311');
    expect(within(form).getByRole('textbox', { name: /^Longitude/ })).toHaveProperty('value', '-1.4295');
    await user.clear(latitude);
    await user.type(latitude, '43,632');
    await chooseWitness(form, user, 'Paul Martin');
    const photo = new File(['png'], 'affaissement.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText(/Photos de la perturbation/), photo);
    await user.click(within(form).getByRole('button', { name: 'Déclarer' }));
    expect(await screen.findByText('La perturbation de voirie a été déclarée.')).toBeTruthy();
    const body = posts(calls)[0]?.body as FormData;
    expect(JSON.parse(body.get('report') as string)).toEqual({
      witnessId: 3,
      comment: null,
      lat: 43.632,
      lon: -1.4295,
    });
    expect(body.getAll('photo').map((file) => (file as File).name)).toEqual(['affaissement.png']);
  });

  it('keeps five photos at most', async () => {
    mockDisturbance();
    const { user } = renderWorksDialog(RoadDisturbanceDialog, received());
    const form = await confirm(user);
    const photos = [1, 2, 3, 4, 5, 6].map(
      (n) => new File(['png'], `p${String(n)}.png`, { type: 'image/png' }),
    );
    await user.upload(within(form).getByLabelText(/Photos de la perturbation/), photos);
    expect(within(form).getByText('Vous ne pouvez pas joindre plus de 5 photos.')).toBeTruthy();
    expect(within(form).getAllByRole('button', { name: /^Retirer/ })).toHaveLength(5);
  });
});
