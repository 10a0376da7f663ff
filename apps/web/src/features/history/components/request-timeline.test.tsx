import { screen, waitFor, within } from '@testing-library/react';
import type { LogEntry } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aUser, ok } from '../../../test/fixtures';
import { mockApi, queryOf } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { RequestTimeline } from './request-timeline';
import { HISTORY_ADMIN_ONLY, HistoryPage } from './history-page';

const entries: LogEntry[] = [
  {
    id: 3,
    user: { id: 9, firstName: 'Inès', lastName: 'Tructrice' },
    email: null,
    picture: null,
    context: 'Demande de complétude',
    loggedAt: '2025-07-02T08:30:00.000Z',
    data: null,
  },
  {
    id: 1,
    user: { id: 4, firstName: 'Alice', lastName: 'Martin' },
    email: 'alice@exemple.fr',
    picture: '/avatars/4.png',
    context: 'Dépôt de la demande',
    loggedAt: '2025-01-15T23:05:00.000Z',
    data: { stateId: 3 },
  },
];

describe('RequestTimeline', () => {
  it('lists the entries in order with who, what and when (Paris time)', async () => {
    const { calls } = mockApi({ 'GET /api/log/request/42': ok(entries) });
    renderWithQuery(<RequestTimeline entity="request" id={42} />);
    const list = await screen.findByRole('list', { name: 'Historique' });
    expect(screen.getByRole('heading', { name: 'Historique' })).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Demande de complétude');
    expect(items[0]!.textContent).toContain('Tructrice Inès');
    expect(items[0]!.textContent).toContain('02/07/2025 10:30');
    expect(within(items[0]!).getByText('IT')).toBeTruthy();
    expect(items[1]!.textContent).toContain('Martin Alice (alice@exemple.fr)');
    expect(items[1]!.textContent).toContain('16/01/2025 00:05');
    expect(items[1]!.querySelector('img')?.getAttribute('src')).toBe('/avatars/4.png');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/log/request/42']);
  });

  it('says so when there is no history', async () => {
    mockApi({ 'GET /api/log/user/7': ok([]) });
    renderWithQuery(<RequestTimeline entity="user" id="7" />);
    expect(await screen.findByText('Aucun historique pour le moment.')).toBeTruthy();
  });

  it('words a failure', async () => {
    mockApi({
      'GET /api/log/request/8': {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: 'Introuvable' },
      },
    });
    renderWithQuery(<RequestTimeline entity="request" id="8" />);
    expect(await screen.findByText("L'historique n'a pas pu être chargé.")).toBeTruthy();
  });
});

describe('HistoryPage', () => {
  it('shows the latest entries with the pagination', async () => {
    const { calls } = mockApi({
      'GET /api/userConnected': ok(aUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })),
      'GET /api/log': {
        status: 200,
        body: {
          success: true,
          message: '',
          data: entries,
          pagination: { page: 1, numItemsPerPage: 50, total: 120, pages: 3 },
        },
      },
    });
    const { user } = renderWithQuery(<HistoryPage />);
    const list = await screen.findByRole('list', { name: "Dernières entrées de l'historique" });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('list', { name: "Dernières entrées de l'historique" });
    await waitFor(() => expect(calls.map((c) => queryOf(c).get('page'))).toContain('2'));
    const logCalls = calls.filter((c) => c.path === '/api/log');
    expect(queryOf(logCalls[0]).get('numItemsPerPage')).toBe('50');
  });

  it('is for administrators only: an instructor is told so and nothing is asked', async () => {
    const { calls } = mockApi({
      'GET /api/userConnected': ok(aUser({ roles: ['ROLE_USER', 'ROLE_INSTRUCTEUR'] })),
    });
    renderWithQuery(<HistoryPage />);
    expect(await screen.findByText(HISTORY_ADMIN_ONLY)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/log')).toBe(false);
  });
});
