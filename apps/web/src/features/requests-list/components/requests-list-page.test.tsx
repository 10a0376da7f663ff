import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ConnectedUser } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, queryOf, signInCookie, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { ALIGNEMENT_WARNING } from '../model/map-popup';
import type { RequestRow } from '../model/row-actions';

function aRow(overrides: Partial<RequestRow> = {}): RequestRow {
  return {
    id: 1234,
    publicId: '5b0c-opaque',
    type: 1,
    typeLabel: 'Permission de voirie - Réseaux',
    alignementId: null,
    stateId: 3,
    state: { id: 3, name: 'Transférée pour instruction' },
    sendToSign: false,
    stateTooltip: 'Transférée pour instruction',
    tab: 1,
    instructeurId: null,
    instructeurInitials: 'Inconnu',
    location: '12 rue des Pins',
    addressNum: '12',
    addressType: 'rue',
    addressName: 'des Pins',
    demandeurPrenom: 'Marie',
    demandeurNom: 'Durand',
    demandeurCorporation: null,
    demandeurCorporationAgent: null,
    numaffaire: '2026-0042',
    addressCity: 'Capbreton',
    depositDate: '2026-03-02T09:15:00.000Z',
    dateStart: '2026-04-01',
    dateEnd: '2026-04-15',
    deadlineOn: null,
    daysLeft: null,
    deadlineStatus: null,
    abilities: { open: true, locate: true, cancel: true, mails: true },
    ...overrides,
  };
}

function listAnswer(rows: RequestRow[], total = rows.length, capped?: true) {
  return {
    status: 200,
    body: {
      success: true,
      message: '',
      data: rows,
      features: { type: 'FeatureCollection', features: [] as unknown[] },
      pagination: { page: 1, numItemsPerPage: 50, total, pages: Math.ceil(total / 50), capped },
    },
  };
}

const COUNTS = {
  aTraiter: 12,
  enInstruction: 4,
  enTravaux: 30,
  demandeReception: 2,
  receptionne: 50,
  archive: 9,
};

function signedInAs(user: ConnectedUser, routes: Parameters<typeof mockApi>[0] = {}) {
  signInCookie();
  window.sessionStorage.clear();
  window.localStorage.clear();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(user),
    'GET /api/request': listAnswer([aRow()]),
    'GET /api/request/count': ok(COUNTS),
    'GET /api/map-layers': ok([]),
    ...routes,
  });
}

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/request');

async function findGrid() {
  return screen.findByRole('grid', { name: 'Liste des demandes' });
}

describe('request list', () => {
  it(
    'shows the tabs with counts and the instructor column to an instructor',
    { timeout: 40_000 },
    async () => {
      signedInAs(aUser({ roles: ['ROLE_INSTRUCTEUR'] }));
      renderApp('/dossiers');

      // The first test of the file also loads the page's lazy chunks (grid, pickers, map).
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Localisation des demandes' },
          { timeout: 20_000 },
        ),
      ).toBeTruthy();
      const tabs = await screen.findByRole('tablist', { name: 'Statut des demandes' });
      await waitFor(() =>
        expect(
          within(tabs)
            .getAllByRole('tab')
            .map((tab) => tab.textContent),
        ).toEqual([
          'A traiter (12)',
          'En instruction (4)',
          'En travaux (30)',
          'Demande de réception (2)',
          'Réceptionné (50)',
          'Archivé (9)',
        ]),
      );
      const grid = await findGrid();
      expect(await within(grid).findByText('Inconnu')).toBeTruthy();
      expect(within(grid).getByRole('columnheader', { name: 'Instructeur' })).toBeTruthy();
      expect(within(grid).getByText('01/04/2026')).toBeTruthy();
      expect(within(grid).getByText('Marie Durand')).toBeTruthy();
      const open = within(grid).getByRole('link', { name: 'Ouvrir la demande n° 1234' });
      expect(open.getAttribute('href')).toBe('/dossiers/5b0c-opaque');
      expect(open.getAttribute('target')).toBe('_blank');
    },
  );

  it(
    "shows the « Échéance » column in words and filters on 'Dépassée', kept for the session",
    { timeout: 40_000 },
    async () => {
      const { calls } = signedInAs(aUser({ roles: ['ROLE_INSTRUCTEUR'] }), {
        'GET /api/request': listAnswer([
          aRow({ id: 1, deadlineOn: '2026-03-20', daysLeft: 12, deadlineStatus: 'running' }),
          aRow({ id: 2, deadlineOn: '2026-03-11', daysLeft: 3, deadlineStatus: 'near' }),
          aRow({ id: 3, deadlineOn: '2026-03-01', daysLeft: -7, deadlineStatus: 'overdue' }),
          aRow({ id: 4 }),
        ]),
      });
      const { user } = renderApp('/dossiers');

      const grid = await findGrid();
      expect(within(grid).getByRole('columnheader', { name: 'Échéance' })).toBeTruthy();
      await within(grid).findByText('12 j');
      const cell = (id: number) =>
        within(grid.querySelector<HTMLElement>(`[data-id="${String(id)}"] [data-field="deadline"]`)!);
      // Days left and 'Dépassée' are written; a screen reader hears the deadline and the status.
      expect(cell(1).getByText('Échéance le 20/03/2026 : 12 jours restants')).toBeTruthy();
      expect(cell(1).getByText('12 j')).toBeTruthy();
      expect(cell(2).getByText('3 j')).toBeTruthy();
      expect(
        cell(2).getByText('Échéance le 11/03/2026 : 3 jours restants (Échéance < 7 jours)'),
      ).toBeTruthy();
      expect(cell(3).getByText('Dépassée')).toBeTruthy();
      expect(cell(4).getByText('Pas de délai en cours')).toBeTruthy();

      const filters = screen.getByRole('group', { name: 'Filtrer sur l’échéance légale' });
      const overdue = within(filters).getByRole('button', { name: 'Dépassée' });
      await user.click(overdue);
      expect(overdue.getAttribute('aria-pressed')).toBe('true');
      await waitFor(() =>
        expect(JSON.parse(queryOf(listCalls(calls).at(-1)).get('searchFilter') ?? '{}')).toEqual({
          tab: 1,
          deadline: 'overdue',
        }),
      );
      expect(JSON.parse(window.sessionStorage.getItem('listingSearchParams') ?? '{}')).toMatchObject({
        searchFilter: { deadline: 'overdue' },
      });
      // Sorted on the deadline by its header.
      await user.click(within(grid).getByRole('columnheader', { name: 'Échéance' }));
      await waitFor(() => expect(queryOf(listCalls(calls).at(-1)).get('searchSort')).toBe('deadline'));
      // Pressed again: every request.
      await user.click(overdue);
      await waitFor(() =>
        expect(JSON.parse(queryOf(listCalls(calls).at(-1)).get('searchFilter') ?? '{}')).toEqual({ tab: 1 }),
      );
    },
  );

  it('shows no tabs and no instructor column to an applicant', async () => {
    const { calls } = signedInAs(aUser({ roles: ['ROLE_DEMANDEUR'] }));
    renderApp('/dossiers');

    const grid = await findGrid();
    await within(grid).findByText('Marie Durand');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(within(grid).queryByRole('columnheader', { name: 'Instructeur' })).toBeNull();
    expect(within(grid).queryByRole('columnheader', { name: 'Échéance' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Filtrer sur l’échéance légale' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/request/count')).toBe(false);
  });

  it('hides cancel on the En travaux tab', async () => {
    const { calls } = signedInAs(aUser({ roles: ['ROLE_INSTRUCTEUR'] }));
    const { user } = renderApp('/dossiers');

    const grid = await findGrid();
    expect(await within(grid).findByRole('button', { name: 'Annuler la demande n° 1234' })).toBeTruthy();
    await user.click(await screen.findByRole('tab', { name: /En travaux/ }));
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
    await waitFor(() =>
      expect(within(grid).queryByRole('button', { name: 'Annuler la demande n° 1234' })).toBeNull(),
    );
    expect(JSON.parse(window.sessionStorage.getItem('listingSearchParams') ?? '{}')).toMatchObject({
      searchFilter: { tab: 3 },
    });
  });

  it('cancels after confirmation, with the notice', async () => {
    const { calls } = signedInAs(aUser({ roles: ['ROLE_DEMANDEUR'] }), {
      'POST /api/request/5b0c-opaque/cancel': ok(undefined, 'Demande annulée'),
    });
    const { user } = renderApp('/dossiers');

    const grid = await findGrid();
    await user.click(await within(grid).findByRole('button', { name: 'Annuler la demande n° 1234' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la demande' });
    await user.click(within(dialog).getByRole('button', { name: 'Oui, annuler la demande' }));
    expect(await screen.findByText('Demande annulée')).toBeTruthy();
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/api/request/5b0c-opaque/cancel'),
    ).toBe(true);
  });

  it("shows 'Pas d'historique disponible.' for a request without mails, and the status texts", async () => {
    signedInAs(aUser({ roles: ['ROLE_DEMANDEUR'] }), {
      'GET /api/request': listAnswer([aRow(), aRow({ id: 99, publicId: 'other' })]),
      'GET /api/mails/5b0c-opaque': ok([]),
      'GET /api/mails/other': ok([
        {
          id: 5,
          status: 'opened',
          context: 'Annulation de la demande',
          createdAt: '2026-03-02T09:15:00.000Z',
        },
      ]),
    });
    const { user } = renderApp('/dossiers');

    const grid = await findGrid();
    await user.click(await within(grid).findByRole('button', { name: 'Historique des mails n° 1234' }));
    let dialog = await screen.findByRole('dialog', { name: /Historique des mails/ });
    expect(await within(dialog).findByText("Pas d'historique disponible.")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(grid).getByRole('button', { name: 'Historique des mails n° 99' }));
    dialog = await screen.findByRole('dialog', { name: /Historique des mails/ });
    expect(await within(dialog).findByText('Le mail a été ouvert')).toBeTruthy();
  });

  it(
    'filters Dépôt and Début on a range from their headers; Début is the range above the table',
    { timeout: 40_000 },
    async () => {
      const { calls } = signedInAs(aUser({ roles: ['ROLE_INSTRUCTEUR'] }));
      const { user } = renderApp('/dossiers');
      const grid = await findGrid();
      await within(grid).findByText('Marie Durand');
      const lastFilter = () =>
        JSON.parse(queryOf(listCalls(calls).at(-1)).get('searchFilter') ?? '{}') as Record<string, unknown>;

      // Dépôt: the header's button opens a labelled dialog; 'Du' has the keyboard.
      const deposit = within(grid).getByRole('button', { name: 'Filtrer la colonne Dépôt' });
      expect(deposit.getAttribute('aria-haspopup')).toBe('dialog');
      await user.click(deposit);
      let dialog = await screen.findByRole('dialog', { name: 'Filtrer la colonne Dépôt' });
      await user.click(within(dialog).getByRole('group', { name: 'Du' }));
      await user.keyboard('10032026');
      await waitFor(() => expect(lastFilter()).toMatchObject({ depositDateFrom: '2026-03-10' }));
      await user.click(within(dialog).getByRole('group', { name: 'Au' }));
      await user.keyboard('14032026');
      await waitFor(() =>
        expect(lastFilter()).toEqual({ tab: 1, depositDateFrom: '2026-03-10', depositDateTo: '2026-03-14' }),
      );
      expect(JSON.parse(window.sessionStorage.getItem('listingSearchParams') ?? '{}')).toMatchObject({
        searchFilter: { depositDateFrom: '2026-03-10', depositDateTo: '2026-03-14' },
      });
      // Escape closes and gives the keyboard back to the header's button, now marked active.
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const active = within(grid).getByRole('button', { name: 'Filtrer la colonne Dépôt (filtre actif)' });
      await waitFor(() => expect(document.activeElement).toBe(active));
      // From the keyboard: Enter opens it again (without sorting the column), Tab reaches 'Du'.
      const sortsBefore = listCalls(calls).length;
      await user.keyboard('{Enter}');
      dialog = await screen.findByRole('dialog', { name: 'Filtrer la colonne Dépôt' });
      await user.tab();
      expect(within(dialog).getByRole('group', { name: 'Du' }).contains(document.activeElement)).toBe(true);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(listCalls(calls).length).toBe(sortsBefore);

      // Début: the same range as the fields above the table.
      await user.click(within(grid).getByRole('button', { name: 'Filtrer la colonne Début' }));
      dialog = await screen.findByRole('dialog', { name: 'Filtrer la colonne Début' });
      await user.click(within(dialog).getByRole('group', { name: 'Du' }));
      await user.keyboard('01042026');
      await waitFor(() => expect(lastFilter()).toMatchObject({ dateStartFrom: '2026-04-01' }));
      // (hidden to assistive technologies while the dialog is open)
      const above = screen.getByRole('group', { name: 'Début des travaux du', hidden: true });
      expect(above.textContent?.replace(/[^\d/]/g, '')).toBe('01/04/2026');
      // Effacer clears this range only (that search is cached: read the kept state).
      await user.click(within(dialog).getByRole('button', { name: 'Effacer' }));
      await waitFor(() =>
        expect(JSON.parse(window.sessionStorage.getItem('listingSearchParams') ?? '{}')).toMatchObject({
          searchFilter: { tab: 1, depositDateFrom: '2026-03-10', depositDateTo: '2026-03-14' },
        }),
      );
      expect(
        (JSON.parse(window.sessionStorage.getItem('listingSearchParams') ?? '{}') as { searchFilter: object })
          .searchFilter,
      ).not.toHaveProperty('dateStartFrom');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  );

  it("says « sur plus de 10 000 » when the API capped a search's count", async () => {
    signedInAs(aUser({ roles: ['ROLE_DEMANDEUR'] }), {
      'GET /api/request': listAnswer([aRow()], 10_000, true),
    });
    renderApp('/dossiers');

    const grid = await findGrid();
    await within(grid).findByText('Marie Durand');
    // The French narrow no-break space of 10 000 is read as a space (testing-library's normalizer).
    expect(screen.getByText('1–50 sur plus de 10 000')).toBeTruthy();
  });

  it('says the exact total when the count is whole', async () => {
    signedInAs(aUser({ roles: ['ROLE_DEMANDEUR'] }), { 'GET /api/request': listAnswer([aRow()], 120) });
    renderApp('/dossiers');

    const grid = await findGrid();
    await within(grid).findByText('Marie Durand');
    // The pager is below the grid's cells, outside its role=grid element.
    expect(screen.getByText('1–50 sur 120')).toBeTruthy();
  });

  it('queries again with the new page size, and keeps it for the session', async () => {
    const { calls, fetchMock } = signedInAs(aUser({ roles: ['ROLE_DEMANDEUR'] }), {
      'GET /api/request': listAnswer([aRow()], 120),
    });
    const { user } = renderApp('/dossiers');

    const grid = await findGrid();
    await within(grid).findByText('Marie Durand');
    // The grid hides its page-size select on narrow containers: jsdom has no layout, so it is "hidden" here.
    await user.click(await screen.findByRole('combobox', { name: /Lignes par page/, hidden: true }));
    await user.click(await screen.findByRole('option', { name: '100' }));
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
    const urls = fetchMock.mock.calls.map(
      ([input]) =>
        new URL(
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
          'http://localhost',
        ),
    );
    const lastList = urls.filter((url) => url.pathname === '/api/request').at(-1);
    expect(lastList?.searchParams.get('numItemsPerPage')).toBe('100');
    expect(lastList?.searchParams.get('page')).toBe('1');
    expect(JSON.parse(window.sessionStorage.getItem('listingSearchParams') ?? '{}')).toMatchObject({
      numItemsPerPage: 100,
    });
  });

  it(
    'locates a request on the map: a popup with its dates, or the Alignement warning',
    { timeout: 60_000 },
    async () => {
      const line = {
        type: 'LineString',
        coordinates: [
          [-1.43, 43.63],
          [-1.42, 43.63],
        ],
      };
      const feature = (id: number, dateStart: string | null) => ({
        type: 'Feature',
        id,
        geometry: { type: 'GeometryCollection', geometries: [line] },
        properties: { id, type: 1, stateId: 3, dateStart, dateEnd: dateStart ? '2026-04-15' : null },
      });
      const answer = listAnswer([
        aRow(),
        aRow({ id: 77, publicId: 'align', type: 2, dateStart: null, dateEnd: null }),
      ]);
      answer.body.features = {
        type: 'FeatureCollection',
        features: [feature(1234, '2026-04-01'), feature(77, null)],
      };
      signedInAs(aUser({ roles: ['ROLE_DEMANDEUR'] }), { 'GET /api/request': answer });
      const { user } = renderApp('/dossiers');

      const grid = await findGrid();
      // Folded by default: the table starts the page; the map comes beside it on demand.
      expect(screen.queryByRole('region', { name: 'Carte des demandes' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Carte à côté' }));
      // The map once its layers are known (its first region is the loading placeholder).
      expect(
        await screen.findByText('Les 2 demandes de la liste sont sur la carte', {}, { timeout: 20_000 }),
      ).toBeTruthy();
      const map = screen.getByRole('region', { name: 'Carte des demandes' });
      await user.click(await within(grid).findByRole('button', { name: 'Localiser sur la carte n° 1234' }));
      let popup = await screen.findByRole('region', { name: 'Demande n° 1234' });
      expect(within(popup).getByText('Début des travaux : 01/04/2026')).toBeTruthy();
      expect(within(popup).getByText('Fin des travaux : 15/04/2026')).toBeTruthy();
      // The popup is also announced.
      expect(
        within(map).getByText(
          'Demande n° 1234. Début des travaux : 01/04/2026. Fin des travaux : 15/04/2026.',
        ),
      ).toBeTruthy();
      await user.click(within(popup).getByRole('button', { name: 'Fermer' }));
      expect(screen.queryByRole('region', { name: 'Demande n° 1234' })).toBeNull();
      expect(document.activeElement?.getAttribute('data-testid')).toBe('map-canvas');

      await user.click(within(grid).getByRole('button', { name: 'Localiser sur la carte n° 77' }));
      popup = await screen.findByRole('region', { name: 'Demande n° 77' });
      expect(within(popup).getByText(ALIGNEMENT_WARNING)).toBeTruthy();
      // Escape in the popup closes it.
      within(popup).getByRole('button', { name: 'Fermer' }).focus();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Demande n° 77' })).toBeNull());

      await user.click(within(grid).getByRole('button', { name: 'Localiser sur la carte n° 77' }));
      expect(await screen.findByRole('region', { name: 'Demande n° 77' })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Carte repliée' }));
      expect(screen.queryByRole('region', { name: 'Demande n° 77' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Carte des demandes' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Carte repliée' }).getAttribute('aria-pressed')).toBe('true');
      // Locating a request unfolds the map beside the table.
      await user.click(within(grid).getByRole('button', { name: 'Localiser sur la carte n° 77' }));
      expect(await screen.findByRole('region', { name: 'Demande n° 77' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Carte à côté' }).getAttribute('aria-pressed')).toBe('true');
    },
  );

  it('remembers in this browser whether the map is folded or beside the table', async () => {
    signedInAs(aUser({ roles: ['ROLE_DEMANDEUR'] }));
    const first = renderApp('/dossiers');
    await findGrid();
    const group = screen.getByRole('group', { name: 'Position de la carte' });
    const folded = within(group).getByRole('button', { name: 'Carte repliée' });
    expect(folded.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Carte des demandes' })).toBeNull();

    await first.user.click(within(group).getByRole('button', { name: 'Carte à côté' }));
    expect(window.localStorage.getItem('requestsMapLayout')).toBe('beside');
    cleanup();

    // A new visit (sessions and tabs apart): the map is beside the table again.
    window.sessionStorage.clear();
    renderApp('/dossiers');
    await findGrid();
    expect(screen.getByRole('button', { name: 'Carte à côté' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(document.getElementById('requests-map')).not.toBeNull());
  });
});
