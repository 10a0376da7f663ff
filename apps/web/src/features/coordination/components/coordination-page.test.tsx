import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CoordinationSettingsView } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const VIEW: CoordinationSettingsView = {
  distanceMetres: 50,
  resurfacingYears: 3,
  defaults: { distanceMetres: 50, resurfacingYears: 3 },
  layer: { count: 0, latestOn: null, importedAt: null },
};

function signedInAs(roles: string[], routes: Parameters<typeof mockApi>[0] = {}) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ roles: roles as never })),
    'GET /api/coordination/settings': ok(VIEW),
    ...routes,
  });
}

const sent = (calls: RecordedCall[], method: string) =>
  calls.filter((call) => call.method === method && call.path.startsWith('/api/coordination/'));

describe('CoordinationPage (/coordination)', { timeout: 30_000 }, () => {
  it('an administrator changes the distance and the age of a recent surface, checked before sending', async () => {
    const saved = { ...VIEW, distanceMetres: 80, resurfacingYears: 2 };
    const { calls } = signedInAs(['ROLE_ADMIN'], {
      'PUT /api/coordination/settings': ok(saved, 'Paramètres enregistrés.'),
    });
    renderApp('/coordination');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coordination des travaux' })).toBeTruthy();
    const user = userEvent.setup();
    const distance = await screen.findByLabelText<HTMLInputElement>('Distance entre les emprises (m)');
    expect(distance.value).toBe('50');
    expect(screen.getByText('Par défaut : 50 m. 0 : emprises qui se touchent.')).toBeTruthy();
    await user.clear(distance);
    await user.type(distance, '12.5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(await screen.findByText('Distance : un nombre entier est attendu.')).toBeTruthy();
    expect(sent(calls, 'PUT')).toEqual([]);

    await user.clear(distance);
    await user.type(distance, '80');
    const years = screen.getByLabelText("Ancienneté d'une réfection récente (années)");
    await user.clear(years);
    await user.type(years, '2');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    await waitFor(() => expect(screen.getByText('Paramètres enregistrés.')).toBeTruthy());
    expect(sent(calls, 'PUT')[0]?.body).toEqual({ distanceMetres: 80, resurfacingYears: 2 });
  });

  it('imports the resurfaced roads from a GeoJSON file and says what was done', async () => {
    const { calls } = signedInAs(['ROLE_ADMIN'], {
      'POST /api/coordination/resurfacing': ok(
        { read: 2, inserted: 2, updated: 0, skipped: 0, skippedReasons: {}, deleted: 0, durationMs: 12 },
        'Réfections de voirie (refections.geojson) : 2 lus ; 2 insérés',
      ),
    });
    renderApp('/coordination');
    const user = userEvent.setup({ applyAccept: false });
    expect(await screen.findByText('Aucune réfection importée.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    expect(await screen.findByText('Veuillez choisir un fichier GeoJSON.')).toBeTruthy();
    const file = new File(['{"type":"FeatureCollection","features":[]}'], 'refections.geojson', {
      type: 'application/geo+json',
    });
    await user.upload(screen.getByLabelText('Fichier des réfections (GeoJSON)'), file);
    await user.click(screen.getByRole('checkbox', { name: 'Garder les réfections absentes du fichier' }));
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    expect(await screen.findByText(/2 lus ; 2 insérés/)).toBeTruthy();
    const body = sent(calls, 'POST')[0]?.body as FormData;
    expect(body.get('keepMissing')).toBe('true');
    expect((body.get('file') as File).name).toBe('refections.geojson');
  });

  it("imports Plat'AU consultations; a refused file lists each bad feature", async () => {
    const refusal = {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION',
        message: "Import annulé : 2 entités refusées. Aucune consultation n'a été enregistrée.",
        errors: [
          { path: 'file', message: 'Entité n° 2 : numéro Plat’AU absent (propriété platau_id).' },
          { path: 'file', message: 'Entité n° 3 : service consulté absent (propriété service).' },
        ],
      },
    };
    const answers = [
      refusal,
      ok(
        { read: 3, inserted: 3, updated: 0, skipped: 0, skippedReasons: {}, durationMs: 9 },
        'Consultations Plat’AU (consultations.geojson) : 3 lus ; 3 insérés',
      ),
    ];
    const { calls } = signedInAs(['ROLE_ADMIN'], {
      'POST /api/consultations/import': () => answers.shift()!,
    });
    renderApp('/coordination');
    const user = userEvent.setup({ applyAccept: false });
    const section = await screen.findByRole('region', { name: 'Consultations Plat’AU' });
    const file = new File(['{"type":"FeatureCollection","features":[]}'], 'consultations.geojson', {
      type: 'application/geo+json',
    });
    await user.upload(within(section).getByLabelText('Fichier des consultations (GeoJSON)'), file);
    await user.click(within(section).getByRole('button', { name: 'Importer les consultations' }));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain(
      "Import annulé : 2 entités refusées. Aucune consultation n'a été enregistrée.",
    );
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Entité n° 2 : numéro Plat’AU absent (propriété platau_id).',
      'Entité n° 3 : service consulté absent (propriété service).',
    ]);

    await user.upload(within(section).getByLabelText('Fichier des consultations (GeoJSON)'), file);
    await user.click(within(section).getByRole('button', { name: 'Importer les consultations' }));
    expect(await within(section).findByText(/3 lus ; 3 insérés/)).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST' && call.path === '/api/consultations/import');
    expect(posts).toHaveLength(2);
    expect(((posts[1]?.body as FormData).get('file') as File).name).toBe('consultations.geojson');
  });

  it('tells another user the page is for administrators, and asks nothing', async () => {
    const { calls } = signedInAs(['ROLE_INSTRUCTEUR']);
    renderApp('/coordination');
    expect(
      await screen.findByText('La coordination des travaux est administrée par les administrateurs.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/coordination/settings')).toBe(false);
  });
});
