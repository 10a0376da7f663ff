import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Statistics } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, queryOf, signInCookie, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

vi.mock('html-to-image', () => ({
  toPng: vi.fn(() => Promise.resolve('data:image/png;base64,iVBORw0KGgo=')),
}));

const STATS: Statistics = {
  total: 6,
  byMonth: [
    { month: '2025-11', count: 2 },
    { month: '2025-12', count: 4 },
  ],
  byKind: [
    { type: 1, label: 'Permission de voirie - Réseaux', count: 4 },
    { type: 2, label: "Demande d'alignement", count: 1 },
    { type: 3, label: 'Permission de voirie - Accès/Clôture', count: 1 },
  ],
  byState: [
    { stateId: 3, label: 'Transférée pour instruction', count: 5 },
    { stateId: 5, label: 'Clôturée', count: 1 },
  ],
  byTown: [
    { insee: '40065', name: 'Capbreton', count: 5 },
    { insee: '40317', name: 'Tosse', count: 1 },
  ],
  durations: {
    filingToDecision: { count: 4, median: 25, p90: 37.5 },
    orderToReception: { count: 1, median: 40, p90: 40 },
  },
  decisions: { total: 4, favourable: 3, share: 0.75 },
  deadlines: {
    today: '2025-12-20',
    overdue: 1,
    near: 1,
    running: 3,
    items: [
      {
        publicId: '0a0e7b1e-5d1c-4a61-9b8e-2f3f9a4c1d01',
        numaffaire: '2025-0042',
        type: 1,
        stateId: 3,
        town: 'Tosse',
        filedOn: '2025-10-01',
        deadline: '2025-12-01',
        daysLeft: -19,
        status: 'overdue',
      },
    ],
  },
};

function signedInAs(roles: string[]) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ roles: roles as never })),
    'GET /api/statistics': ok(STATS),
  });
}

const statisticsCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/statistics');

describe('StatisticsPage', () => {
  it('draws each figure with its table, for an instructor, on the last twelve months', async () => {
    const { calls } = signedInAs(['ROLE_INSTRUCTEUR']);
    renderApp('/statistics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistiques' })).toBeTruthy();
    expect(await screen.findByText('6 demandes déposées')).toBeTruthy();
    for (const title of [
      'Demandes déposées par mois',
      'Demandes par type',
      'Demandes par état',
      'Demandes par commune',
      'Délais (en jours)',
      'Décisions favorables',
      'Échéances légales',
    ]) {
      const section = screen.getByRole('region', { name: title });
      // The chart is an image named after its table, which holds the same data.
      expect(
        within(section).getByRole('img', {
          name: `Graphique : ${title}. Les données sont dans le tableau qui suit.`,
        }),
      ).toBeTruthy();
      expect(within(section).getByRole('table', { name: title })).toBeTruthy();
    }
    const kinds = screen.getByRole('table', { name: 'Demandes par type' });
    expect(
      within(kinds)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'TypeDemandes',
      'Permission de voirie - Réseaux4',
      "Demande d'alignement1",
      'Permission de voirie - Accès/Clôture1',
    ]);
    const months = screen.getByRole('table', { name: 'Demandes déposées par mois' });
    expect(within(months).getByRole('rowheader', { name: 'déc. 2025' })).toBeTruthy();
    const durations = screen.getByRole('table', { name: 'Délais (en jours)' });
    expect(within(durations).getAllByRole('row')[1]?.textContent).toBe('Du dépôt à la décision2537,54');
    expect(
      within(screen.getByRole('table', { name: 'Décisions favorables' })).getByText('75 %'),
    ).toBeTruthy();
    const urgent = screen.getByRole('table', { name: 'Demandes proches ou au-delà de leur échéance' });
    expect(within(urgent).getByRole('link', { name: '2025-0042' }).getAttribute('href')).toBe(
      '/dossiers/0a0e7b1e-5d1c-4a61-9b8e-2f3f9a4c1d01',
    );
    expect(within(urgent).getByText('Dépassée')).toBeTruthy();

    const query = queryOf(statisticsCalls(calls)[0]);
    const to = query.get('to')!;
    const from = query.get('from')!;
    expect(from.endsWith('-01')).toBe(true);
    const monthsApart =
      (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
      Number(to.slice(5, 7)) -
      Number(from.slice(5, 7));
    expect(monthsApart).toBe(11);
    expect(query.has('type')).toBe(false);
  });

  it('filters by kind and town, and refuses a reversed period without asking the server', async () => {
    const { calls } = signedInAs(['ROLE_ADMIN']);
    const { user } = renderApp('/statistics');
    await screen.findByText('6 demandes déposées');
    await user.selectOptions(screen.getByLabelText('Type de demande'), "Demande d'alignement");
    await user.selectOptions(screen.getByLabelText('Commune'), 'Tosse');
    await waitFor(() => {
      const last = queryOf(statisticsCalls(calls).at(-1));
      expect([last.get('type'), last.get('insee')]).toEqual(['2', '40317']);
    });
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2099-01-01' } });
    expect(await screen.findByText('La date de début doit précéder la date de fin.')).toBeTruthy();
    expect(statisticsCalls(calls).map((call) => queryOf(call).get('from'))).not.toContain('2099-01-01');
  });

  it('exports a chart as CSV and as PNG', async () => {
    signedInAs(['ROLE_INSTRUCTEUR']);
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:statistiques';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { user } = renderApp('/statistics');
    await screen.findByText('6 demandes déposées');
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV : Demandes par commune' }));
    expect(downloads).toEqual(['statistiques-demandes-par-commune.csv']);
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    // UTF-8 with its BOM, so that spreadsheets read the accents; ';' separated.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('Commune;Demandes\r\nCapbreton;5\r\nTosse;1\r\n');
    await user.click(screen.getByRole('button', { name: 'Exporter en PNG : Demandes par commune' }));
    await waitFor(() => expect(downloads).toContain('statistiques-demandes-par-commune.png'));
  });

  it('shows its table on demand, for sighted keyboard users too', async () => {
    signedInAs(['ROLE_INSTRUCTEUR']);
    const { user } = renderApp('/statistics');
    const section = await screen.findByRole('region', { name: 'Demandes par état' });
    const toggle = within(section).getByRole('button', { name: 'Afficher les données' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(
      within(section).getByRole('button', { name: 'Masquer les données' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('is refused to an applicant, without calling the API', async () => {
    const { calls } = signedInAs(['ROLE_DEMANDEUR']);
    renderApp('/statistics');
    expect(
      await screen.findByText('Les statistiques sont réservées aux instructeurs et aux administrateurs.'),
    ).toBeTruthy();
    expect(statisticsCalls(calls)).toHaveLength(0);
  });
});
