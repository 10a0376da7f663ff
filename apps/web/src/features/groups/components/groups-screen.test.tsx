import { screen, waitFor, within } from '@testing-library/react';
import type { Mandate, Perimeter } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aUser, ok } from '../../../test/fixtures';
import { mockApi, queryOf, type RecordedCall } from '../../../test/mock-api';
import { renderWithToasts } from '../../../test/render-with-query';
import type { GroupType } from '../model/group-types';
import { GroupsScreen } from './groups-screen';

const ADMIN = aUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
const REQUIRED = 'Ce champ est obligatoire';

const TERRITORIES: Perimeter[] = [
  { id: 3, libelle: 'Capbreton', type: 'town', code: '40065' },
  { id: 4, libelle: 'Seignosse', type: 'town', code: '40296' },
  { id: 30, libelle: 'CC Maremne Adour Côte-Sud', type: 'epci', code: '244000865' },
];

/** A fake API holding the groups and mandates, changed by the writes it receives. */
function fakeGroupsApi(options: { conflict?: boolean } = {}) {
  let groups: Perimeter[] = [
    {
      id: 40,
      libelle: 'Réseaux Sud Landes',
      type: 'operator',
      code: '12345678900015',
      perimeters: [{ id: 3, libelle: 'Capbreton', type: 'town' }],
    },
    { id: 41, libelle: 'TP Côte Sud', type: 'soustraitant', code: '11122233300010', perimeters: [] },
  ];
  let mandates: Mandate[] = [];
  const list = (call: RecordedCall) => {
    const query = queryOf(call);
    const type = query.get('type');
    const q = (query.get('q') ?? '').toLowerCase();
    const pool = type === 'operator' || type === 'soustraitant' ? groups : TERRITORIES;
    return ok(
      pool
        .filter((p) => p.type === type && p.libelle.toLowerCase().includes(q))
        .map(({ perimeters: _members, ...item }) => item),
    );
  };
  return mockApi({
    'GET /api/userConnected': ok(ADMIN),
    'GET /api/perimeter': list,
    'GET /api/perimeter/40': () => ok(groups.find((g) => g.id === 40)),
    'GET /api/perimeter/42': () => ok(groups.find((g) => g.id === 42)),
    'POST /api/perimeter': (call) => {
      const body = call.body as { type: GroupType; libelle: string; code: string; perimeterIds: number[] };
      if (options.conflict)
        return {
          status: 409,
          body: {
            success: false,
            code: 'CONFLICT',
            message: 'Un opérateur de même Siret existe déjà : Réseaux Sud Landes.',
          },
        };
      const group: Perimeter = {
        id: 42,
        libelle: body.libelle,
        code: body.code,
        type: body.type,
        perimeters: TERRITORIES.filter((t) => body.perimeterIds.includes(t.id)).map(
          ({ id, libelle, type }) => ({
            id,
            libelle,
            type: type as 'town',
          }),
        ),
      };
      groups = [...groups, group];
      return {
        status: 201,
        body: {
          success: true,
          message: body.type === 'operator' ? 'Opérateur ajouté.' : 'Sous-traitant ajouté.',
          data: group,
        },
      };
    },
    'PUT /api/perimeter/40': (call) => {
      const body = call.body as { libelle: string; code: string };
      groups = groups.map((g) => (g.id === 40 ? { ...g, libelle: body.libelle, code: body.code } : g));
      return ok(groups[0], 'Opérateur modifié.');
    },
    'DELETE /api/perimeter/40': () => {
      const removed = groups[0];
      groups = groups.filter((g) => g.id !== 40);
      return ok(removed, 'Opérateur supprimé.');
    },
    'GET /api/perimeter/42/mandates': () => ok(mandates),
    'POST /api/perimeter/42/mandates': (call) => {
      const body = call.body as { operatorId: number; dateFrom: string; dateTo: string | null };
      const mandate: Mandate = {
        id: 7,
        soustraitantId: 42,
        soustraitantLibelle: 'Élec Landes',
        operatorId: body.operatorId,
        operatorLibelle: 'Réseaux Sud Landes',
        dateFrom: body.dateFrom,
        dateTo: body.dateTo,
        status: 'inForce',
      };
      mandates = [mandate];
      return { status: 201, body: { success: true, message: 'Mandat ajouté.', data: mandate } };
    },
    'DELETE /api/perimeter/42/mandates/7': () => {
      const removed = mandates[0];
      mandates = [];
      return ok(removed, 'Mandat supprimé.');
    },
  });
}

function renderScreen(type: GroupType) {
  return renderWithToasts(<GroupsScreen type={type} />);
}

const writes = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method !== 'GET').map(({ method, path, body }) => ({ method, path, body }));

describe('GroupsScreen (/groups/{type})', () => {
  it('lists the operators (Nom, Siret, Actions) and searches them by name; "Pas de groupe" when none', async () => {
    const { calls } = fakeGroupsApi();
    const { user } = renderScreen('operator');
    expect(screen.getByRole('heading', { level: 1, name: 'Opérateurs' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Opérateurs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nom', 'Siret', 'Actions']);
    const row = await within(table).findByRole('row', { name: /Réseaux Sud Landes/ });
    expect(row.textContent).toContain('12345678900015');
    expect(within(row).getByRole('button', { name: 'Modifier Réseaux Sud Landes' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Supprimer Réseaux Sud Landes' })).toBeTruthy();
    // Subcontractors are not operators.
    expect(within(table).queryByText('TP Côte Sud')).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'zzz');
    expect(await screen.findByText('Pas de groupe')).toBeTruthy();
    const searches = calls.filter((call) => call.path === '/api/perimeter').map((call) => queryOf(call));
    expect(searches.at(-1)?.get('q')).toBe('zzz');
    expect(searches.at(-1)?.get('type')).toBe('operator');
  });

  it('adds an operator: Nom and Siret checked, perimeters picked by type with the keyboard, removed, then Save', async () => {
    const { calls } = fakeGroupsApi();
    const { user } = renderScreen('operator');
    await screen.findByRole('row', { name: /Réseaux Sud Landes/ });
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un opérateur' });
    expect(within(dialog).getByText('Pas de périmètre ajouté')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText(REQUIRED)).toHaveLength(2));
    const siret = within(dialog).getByRole('textbox', { name: 'Siret' });
    await user.type(siret, '12345678900012');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText("Le numéro SIRET n'est pas valide (clé de contrôle erronée)"),
    ).toBeTruthy();
    expect(siret.getAttribute('aria-invalid')).toBe('true');
    await user.clear(siret);
    await user.type(siret, '732 829 320 00074');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Fibre Adour');

    // The type radio: EPCI, a name that matches nothing.
    expect(within(dialog).getByRole('radiogroup', { name: 'Type de périmètre' })).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'EPCI' }));
    const perimeter = within(dialog).getByRole('combobox', { name: 'Périmètre' });
    await user.type(perimeter, 'xyz');
    expect(await screen.findByText('Pas de résultat')).toBeTruthy();
    await user.clear(perimeter);
    // Commune, by the keyboard only.
    await user.click(within(dialog).getByRole('radio', { name: 'Commune' }));
    await user.type(perimeter, 'capb');
    expect(await screen.findByRole('option', { name: 'Capbreton' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    const chosen = within(dialog).getByRole('table', { name: 'Périmètres' });
    expect(
      within(chosen)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nom', 'Type', 'Actions']);
    expect((await within(chosen).findByRole('row', { name: /Capbreton/ })).textContent).toContain('Commune');
    expect(perimeter).toHaveProperty('value', '');
    await user.click(within(chosen).getByRole('button', { name: 'Retirer le périmètre Capbreton' }));
    expect(within(chosen).getByText('Pas de périmètre ajouté')).toBeTruthy();
    await user.type(perimeter, 'seig');
    await user.click(await screen.findByRole('option', { name: 'Seignosse' }));

    expect(writes(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Opérateur ajouté.')).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/perimeter',
        body: { type: 'operator', libelle: 'Fibre Adour', code: '73282932000074', perimeterIds: [4] },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('row', { name: /Fibre Adour/ })).toBeTruthy();
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    fakeGroupsApi({ conflict: true });
    const { user } = renderScreen('operator');
    await user.click(await screen.findByRole('button', { name: 'Ajouter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un opérateur' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Copie');
    await user.type(within(dialog).getByRole('textbox', { name: 'Siret' }), '12345678900015');
    await user.keyboard('{Enter}');
    expect(
      await within(dialog).findByText('Un opérateur de même Siret existe déjà : Réseaux Sud Landes.'),
    ).toBeTruthy();
  });

  it('edits an operator: its fields and territories loaded, then PUT; Annuler saves nothing', async () => {
    const { calls } = fakeGroupsApi();
    const { user } = renderScreen('operator');
    await user.click(await screen.findByRole('button', { name: 'Modifier Réseaux Sud Landes' }));
    let dialog = await screen.findByRole('dialog', { name: 'Modifier cet opérateur' });
    const name = within(dialog).getByRole('textbox', { name: 'Nom' });
    await waitFor(() => expect(name).toHaveProperty('value', 'Réseaux Sud Landes'));
    expect(within(dialog).getByRole('textbox', { name: 'Siret' })).toHaveProperty('value', '12345678900015');
    expect(
      within(within(dialog).getByRole('table', { name: 'Périmètres' })).getByText('Capbreton'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Modifier Réseaux Sud Landes' }));
    dialog = await screen.findByRole('dialog', { name: 'Modifier cet opérateur' });
    const again = within(dialog).getByRole('textbox', { name: 'Nom' });
    await waitFor(() => expect(again).toHaveProperty('value', 'Réseaux Sud Landes'));
    await user.clear(again);
    await user.type(again, 'Réseaux Landes');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Opérateur modifié.')).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/perimeter/40',
        body: { type: 'operator', libelle: 'Réseaux Landes', code: '12345678900015', perimeterIds: [3] },
      },
    ]);
    expect(await screen.findByRole('row', { name: /Réseaux Landes/ })).toBeTruthy();
  });

  it("deletes after 'Voulez vous vraiment supprimer cet opérateur ?'", async () => {
    const { calls } = fakeGroupsApi();
    const { user } = renderScreen('operator');
    await user.click(await screen.findByRole('button', { name: 'Supprimer Réseaux Sud Landes' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Voulez vous vraiment supprimer cet opérateur ?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Supprimer Réseaux Sud Landes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Opérateur supprimé.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/api/perimeter/40', body: undefined }]);
    expect(await screen.findByText('Pas de groupe')).toBeTruthy();
  });

  it('a subcontractor: Nom and Siret only; once saved, its mandates are added and removed', async () => {
    const { calls } = fakeGroupsApi();
    const { user } = renderScreen('soustraitant');
    expect(await screen.findByRole('row', { name: /TP Côte Sud/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ajouter un sous-traitant' });
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    expect(
      within(dialog).getByText('Les mandats s’ajoutent une fois le sous-traitant enregistré.'),
    ).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Élec Landes');
    await user.type(within(dialog).getByRole('textbox', { name: 'Siret' }), '73282932000074');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog', { name: 'Modifier ce sous-traitant' });
    // The same dialog goes on: the notice, shown meanwhile, is not hidden from screen readers.
    await waitFor(async () =>
      expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toContain(
        'Sous-traitant ajouté.',
      ),
    );

    const mandates = await within(dialog).findByRole('table', { name: 'Mandats' });
    expect(await within(mandates).findByText('Pas de mandat')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le mandat' }));
    expect(await within(dialog).findAllByText(REQUIRED)).toHaveLength(2);
    await user.type(within(dialog).getByRole('combobox', { name: 'Opérateur' }), 'sud');
    await user.click(await screen.findByRole('option', { name: 'Réseaux Sud Landes' }));
    await user.click(within(dialog).getByRole('group', { name: 'Du' }));
    await user.keyboard('01032026');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le mandat' }));
    expect(await screen.findByText('Mandat ajouté.')).toBeTruthy();
    const row = await within(mandates).findByRole('row', { name: /Réseaux Sud Landes/ });
    expect(row.textContent).toContain('01/03/2026');
    expect(row.textContent).toContain('Sans fin');
    expect(row.textContent).toContain('En vigueur');
    await user.click(within(row).getByRole('button', { name: 'Supprimer le mandat de Réseaux Sud Landes' }));
    expect(await screen.findByText('Mandat supprimé.')).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/perimeter',
        body: { type: 'soustraitant', libelle: 'Élec Landes', code: '73282932000074', perimeterIds: [] },
      },
      {
        method: 'POST',
        path: '/api/perimeter/42/mandates',
        body: { operatorId: 40, dateFrom: '2026-03-01', dateTo: null },
      },
      { method: 'DELETE', path: '/api/perimeter/42/mandates/7', body: undefined },
    ]);
  });

  it('is for administrators only: an instructor is told so, sees no button and nothing is asked', async () => {
    const { calls } = mockApi({
      'GET /api/userConnected': ok(aUser({ roles: ['ROLE_USER', 'ROLE_INSTRUCTEUR'] })),
    });
    renderScreen('operator');
    expect(
      await screen.findByText(
        'La gestion des opérateurs et des sous-traitants est réservée aux administrateurs.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/api/userConnected']);
  });
});
