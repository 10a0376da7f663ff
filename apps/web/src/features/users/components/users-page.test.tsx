import { screen, waitFor, within } from '@testing-library/react';
import type { Role, UserListItem } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, queryOf, signInCookie, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 15_000 };

function aRow(overrides: Partial<UserListItem>): UserListItem {
  return {
    id: 1,
    publicId: '00000000-0000-4000-8000-000000000001',
    firstName: 'Marie',
    lastName: 'Durand',
    email: 'marie.durand@exemple.fr',
    phone: '0558000000',
    roles: ['ROLE_USER', 'ROLE_DEMANDEUR'],
    isActive: true,
    picture: null,
    perimeterRequestPending: false,
    ...overrides,
  };
}

const ROWS = [
  aRow({
    id: 7,
    roles: ['ROLE_USER', 'ROLE_ADMIN'],
    firstName: 'Claire',
    lastName: 'Dubois',
    email: 'admin@exemple.fr',
  }),
  aRow({ id: 1234, publicId: '00000000-0000-4000-8000-000000001234' }),
  aRow({ id: 9, roles: ['ROLE_USER'], firstName: null, lastName: null, email: 'sans.role@exemple.fr' }),
];

/** A fake API with the users list (filtered on a waiting perimeter request), and the DELETE and reset link of user 1234. */
function mockUsersApi(roles: Role[], initial: UserListItem[] = ROWS) {
  signInCookie();
  let rows = initial;
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ id: 7, roles: ['ROLE_USER', ...roles] })),
    'GET /api/stduser': (call) => {
      const pendingOnly = queryOf(call).get('searchFilter') === '{"perimeterRequest":true}';
      const data = pendingOnly ? rows.filter((row) => row.perimeterRequestPending) : rows;
      return {
        status: 200,
        body: {
          success: true,
          message: '',
          data,
          pagination: { page: 1, numItemsPerPage: 50, total: data.length, pages: 1 },
        },
      };
    },
    'DELETE /api/stduser/00000000-0000-4000-8000-000000001234': () => {
      rows = rows.filter((row) => row.id !== 1234);
      return ok(
        {},
        "L'utilisateur a été supprimé : son compte est désactivé et ses demandes sont conservées.",
      );
    },
    'POST /api/stduser/00000000-0000-4000-8000-000000001234/reset-link': ok(
      { email: 'marie.durand@exemple.fr' },
      'Un lien de réinitialisation du mot de passe a été envoyé à marie.durand@exemple.fr.',
    ),
  });
}

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/stduser');

describe('/users (docs/screens.md)', { timeout: 60_000 }, () => {
  it('an admin: the total in the title, the columns, role labels, a pencil to each user, the id label smaller above 999', async () => {
    const { calls } = mockUsersApi(['ROLE_ADMIN']);
    renderApp('/users');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gestion des utilisateurs (3)' }, SLOW),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Utilisateurs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['N°', 'Prénom', 'Nom', 'Email', 'Téléphone', 'Rôle', 'Actions']);
    expect(within(table).getByRole('columnheader', { name: 'Nom' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[5]!.textContent)).toEqual([
      'Administrateur',
      'Demandeur',
      'Pas de role',
    ]);
    const big = within(rows[1]!).getByText('1234');
    const small = within(rows[0]!).getByText('7');
    expect(getComputedStyle(big).fontSize).toBe('0.75rem');
    expect(getComputedStyle(small).fontSize).toBe('0.875rem');
    expect(within(rows[1]!).getByRole('link', { name: 'Modifier Marie Durand' }).getAttribute('href')).toBe(
      '/users/00000000-0000-4000-8000-000000001234',
    );
    expect(within(rows[2]!).getByRole('link', { name: 'Modifier sans.role@exemple.fr' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nouvel utilisateur' }).getAttribute('href')).toBe('/user');
    // Default query: page 1, 50 per page, last name ascending.
    expect(Object.fromEntries(queryOf(listCalls(calls)[0]))).toEqual({
      page: '1',
      numItemsPerPage: '50',
      searchSort: 'lastName',
      searchDir: 'asc',
    });
  });

  it('search with Enter or the button, clear; sort by a column and again the other way; page size', async () => {
    const { calls } = mockUsersApi(['ROLE_ADMIN']);
    const { user } = renderApp('/users');
    await screen.findByRole('heading', { level: 1, name: 'Gestion des utilisateurs (3)' }, SLOW);
    const search = screen.getByRole('search', { name: 'Recherche d’utilisateurs' });
    await user.type(within(search).getByRole('textbox', { name: 'Rechercher' }), 'durand{Enter}');
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)).get('searchText')).toBe('durand'));
    await user.click(within(search).getByRole('button', { name: 'Effacer la recherche' }));
    // Back to the first query (answered from the cache): the field is empty again.
    expect(within(search).getByRole<HTMLInputElement>('textbox', { name: 'Rechercher' }).value).toBe('');
    await user.type(within(search).getByRole('textbox', { name: 'Rechercher' }), 'claire');
    await user.click(within(search).getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)).get('searchText')).toBe('claire'));

    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)).get('searchSort')).toBe('email'));
    expect(queryOf(listCalls(calls).at(-1)).get('searchDir')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)).get('searchDir')).toBe('desc'));

    await user.click(screen.getByRole('combobox', { name: /Lignes par page/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '50',
      '100',
      '150',
      '200',
      '250',
    ]);
    await user.click(screen.getByRole('option', { name: '100' }));
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)).get('numItemsPerPage')).toBe('100'));
  });

  it("deletes after 'Voulez vous vraiment supprimer cet utilisateur ?', then the list is read again", async () => {
    const { calls } = mockUsersApi(['ROLE_ADMIN']);
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: 'Supprimer Marie Durand' }, SLOW));
    const dialog = await screen.findByRole('dialog', {
      name: 'Voulez vous vraiment supprimer cet utilisateur ?',
    });
    expect(within(dialog).getByText('Marie Durand — marie.durand@exemple.fr')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Supprimer Marie Durand' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(
      await screen.findByText(
        "L'utilisateur a été supprimé : son compte est désactivé et ses demandes sont conservées.",
      ),
    ).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gestion des utilisateurs (2)' }),
    ).toBeTruthy();
  });

  it("resends a reset link after 'Voulez vous vraiment renvoyer un lien de réinitialisation de mot de passe ?'", async () => {
    const { calls } = mockUsersApi(['ROLE_ADMIN']);
    const { user } = renderApp('/users');
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Renvoyer un lien de réinitialisation à Marie Durand' },
        SLOW,
      ),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Voulez vous vraiment renvoyer un lien de réinitialisation de mot de passe ?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(
      await screen.findByText(
        'Un lien de réinitialisation du mot de passe a été envoyé à marie.durand@exemple.fr.',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/stduser/00000000-0000-4000-8000-000000001234/reset-link',
    ]);
  });

  it("the accounts whose « demande d'extension de périmètre » waits: marked, and listed alone on demand", async () => {
    const guichet = aRow({
      id: 12,
      publicId: '00000000-0000-4000-8000-000000000012',
      firstName: 'Sophie',
      lastName: 'Lalanne',
      email: 'guichet@exemple.fr',
      roles: ['ROLE_USER', 'ROLE_GUICHET'],
      perimeterRequestPending: true,
    });
    const { calls } = mockUsersApi(['ROLE_ADMIN'], [...ROWS, guichet]);
    const { user } = renderApp('/users');
    await screen.findByRole('heading', { level: 1, name: 'Gestion des utilisateurs (4)' }, SLOW);
    const table = screen.getByRole('table', { name: 'Utilisateurs' });
    const marked = within(table).getAllByText('Extension demandée');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.closest('tr')!.textContent).toContain('Lalanne');
    const only = screen.getByRole('checkbox', { name: "Demandes d'extension de périmètre en attente" });
    expect(only).toHaveProperty('checked', false);
    await user.click(only);
    await waitFor(() =>
      expect(queryOf(listCalls(calls).at(-1)).get('searchFilter')).toBe('{"perimeterRequest":true}'),
    );
    expect(queryOf(listCalls(calls).at(-1)).get('page')).toBe('1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gestion des utilisateurs (1)' }),
    ).toBeTruthy();
    // Back to the whole list (answered from the cache).
    await user.click(only);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gestion des utilisateurs (4)' }),
    ).toBeTruthy();
  });

  it('an instructor reads: an eye to each user, no delete, no resend, no new user', async () => {
    mockUsersApi(['ROLE_INSTRUCTEUR']);
    renderApp('/users');
    expect(await screen.findByRole('link', { name: 'Voir Marie Durand' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Modifier/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Renvoyer/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Nouvel utilisateur' })).toBeNull();
  });

  it('an applicant is told it may not, and the list is never asked', async () => {
    const { calls } = mockUsersApi(['ROLE_DEMANDEUR']);
    renderApp('/users');
    expect(
      await screen.findByText("Vous n'avez pas les droits pour consulter les utilisateurs.", undefined, SLOW),
    ).toBeTruthy();
    expect(listCalls(calls)).toEqual([]);
  });
});
