import { screen, waitFor, within } from '@testing-library/react';
import type { WorksCalendar, WorksCalendarItem } from '@voirie/domain';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, queryOf, signInCookie, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import type { MapViewProps } from '../../map';

// The map's canvas is not testable in jsdom: the stand-in lists the features it is given and
// shows the popup of the selected one.
vi.mock('../../map/components/map-panel', () => ({
  default: ({ ariaLabel, features = [], selectedFeature, featurePopup, description }: MapViewProps) => {
    const popup = selectedFeature ? featurePopup?.(selectedFeature.id) : null;
    return (
      <div role="region" aria-label={ariaLabel}>
        <ul aria-label="Formes">
          {features.map((feature) => (
            <li key={feature.id}>{String(feature.id)}</li>
          ))}
        </ul>
        <p>{description}</p>
        {popup && <p role="status">{[popup.title, ...popup.lines].join(' | ')}</p>}
      </div>
    );
  },
}));

const today = dayjs().format('YYYY-MM-DD');
const shift = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');
const fr = (day: string) => dayjs(day).format('DD/MM/YYYY');

const item = (patch: Partial<WorksCalendarItem>): WorksCalendarItem => ({
  publicId: 'p1',
  numaffaire: '2026-0101',
  type: 1,
  nature: 'Permission de voirie - Réseaux',
  stateId: 4,
  stateName: 'En attente de réception',
  town: 'Capbreton',
  insee: '40065',
  street: 'Rue des Mimosas',
  location: '8 rue des Mimosas',
  dateStart: shift(-3),
  dateEnd: shift(3),
  operator: { id: 9, libelle: 'Eau Côte Sud' },
  impact: { level: 'route_barree', label: 'Route barrée, déviation mise en place' },
  geometry: { type: 'Point', coordinates: [-1.43, 43.63] },
  ...patch,
});

const CALENDAR: WorksCalendar = {
  from: today,
  to: today,
  truncated: false,
  operators: [{ id: 9, libelle: 'Eau Côte Sud' }],
  items: [
    item({}),
    item({
      publicId: 'p2',
      numaffaire: '2026-0102',
      type: 3,
      nature: 'Permission de voirie - Accès/Clôture',
      town: 'Seignosse',
      insee: '40296',
      street: 'Avenue des Lacs',
      location: 'avenue des Lacs',
      dateStart: shift(10),
      dateEnd: shift(12),
      operator: null,
      impact: { level: 'aucun', label: 'Pas d’impact notable sur la circulation' },
    }),
  ],
};

function signedInAs(roles: string[]) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ roles: roles as never })),
    'GET /api/map-layers': ok([]),
    'GET /api/works-calendar': ok(CALENDAR),
  });
}

const calendarCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/works-calendar');

describe('WorksCalendarPage (/chantiers)', () => {
  it('shows the works in force today on the map and all of the window on the timeline, by town and road', async () => {
    const { calls } = signedInAs(['ROLE_INSTRUCTEUR']);
    const { user } = renderApp('/chantiers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendrier des chantiers' })).toBeTruthy();
    await screen.findByText(/^2 chantiers du /);
    // Six weeks from this week's Monday.
    const query = queryOf(calendarCalls(calls)[0]);
    const from = query.get('from')!;
    expect(dayjs(from).day()).toBe(1);
    expect(dayjs(query.get('to')).diff(dayjs(from), 'day')).toBe(41);

    const map = await screen.findByRole('region', { name: `Carte des chantiers en vigueur le ${fr(today)}` });
    expect(
      within(map)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual(['p1']);
    expect(within(map).getByText(`1 chantier en vigueur le ${fr(today)}`)).toBeTruthy();

    const timeline = screen.getByRole('table', { name: /^Frise des chantiers du / });
    expect(
      within(timeline)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Capbreton — 1 chantier',
      expect.stringContaining('2026-0101'),
      'Seignosse — 1 chantier',
      expect.stringContaining('2026-0102'),
    ]);
    expect(within(timeline).getByRole('link', { name: '2026-0101' }).getAttribute('href')).toBe(
      '/dossiers/p1',
    );
    // Each bar's facts in words.
    expect(
      within(timeline).getByText(`8 rue des Mimosas — du ${fr(shift(-3))} au ${fr(shift(3))}`),
    ).toBeTruthy();
    expect(
      within(timeline).getByText(
        'En attente de réception · Eau Côte Sud · Route barrée, déviation mise en place',
      ),
    ).toBeTruthy();

    await user.click(within(timeline).getByRole('button', { name: 'Localiser sur la carte : 2026-0101' }));
    await waitFor(() =>
      expect(within(map).getByRole('status').textContent).toBe(
        `2026-0101 — Permission de voirie - Réseaux | 8 rue des Mimosas, Capbreton | Travaux du ${fr(shift(-3))} au ${fr(shift(3))} (En attente de réception) | Opérateur : Eau Côte Sud | Route barrée, déviation mise en place`,
      ),
    );
  });

  it('filters by town, kind, operator and text (the text on submit)', async () => {
    const { calls } = signedInAs(['ROLE_GESTIONNAIRE']);
    const { user } = renderApp('/chantiers');
    await screen.findByText(/^2 chantiers du /);
    await user.selectOptions(screen.getByLabelText('Commune'), 'Seignosse');
    await user.selectOptions(
      screen.getByLabelText('Type de permission'),
      'Permission de voirie - Accès/Clôture',
    );
    await user.selectOptions(screen.getByLabelText('Opérateur'), 'Eau Côte Sud');
    await user.type(screen.getByLabelText('Rechercher (n° d’affaire, adresse, opérateur)'), 'lacs');
    const before = calendarCalls(calls).length;
    expect(queryOf(calendarCalls(calls).at(-1)).get('q')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(calendarCalls(calls).length).toBe(before + 1));
    const last = queryOf(calendarCalls(calls).at(-1));
    expect([last.get('insee'), last.get('type'), last.get('operator'), last.get('q')]).toEqual([
      '40296',
      '3',
      '9',
      'lacs',
    ]);
  });

  it('an applicant reads that the calendar is not for them, and nothing is asked', async () => {
    const { calls } = signedInAs(['ROLE_DEMANDEUR']);
    renderApp('/chantiers');
    expect(
      await screen.findByText(
        'Le calendrier des chantiers est réservé aux instructeurs, aux administrateurs et aux gestionnaires de voirie.',
      ),
    ).toBeTruthy();
    expect(calendarCalls(calls)).toEqual([]);
  });
});
