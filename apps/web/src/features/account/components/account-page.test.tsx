import { screen, waitFor, within } from '@testing-library/react';
import type { Role, UserDetail } from '@voirie/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../api/upload-test-xhr';
import { aConfig, aUser, CLAIRE, ok, PINS_ADDRESS } from '../../../test/fixtures';
import { mockApi, queryOf, signInCookie, type RecordedCall, writes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 15_000 };
const ME = '00000000-0000-4000-8000-000000000012';
const OTHER = '00000000-0000-4000-8000-000000000044';
const ROLE_LABELS = [
  'Demandeur',
  'Guichet',
  'Gestionnaire de voirie',
  'Opérateur',
  'Sous-traitant',
  'Instructeur',
  'Administrateur',
];

const NO_ABILITIES: UserDetail['abilities'] = {
  edit: true,
  editRoles: false,
  editPerimeters: false,
  perimeterFields: [],
  askWiderPerimeters: false,
  decidePerimeterRequest: false,
  delete: false,
  resendResetLink: false,
};
const ADMIN_ABILITIES: UserDetail['abilities'] = {
  edit: true,
  editRoles: true,
  editPerimeters: true,
  perimeterFields: [
    'guichetPerimeterIds',
    'gestionnairePerimeterIds',
    'operatorPerimeterIds',
    'soustraitantPerimeterIds',
  ],
  askWiderPerimeters: false,
  decidePerimeterRequest: false,
  delete: true,
  resendResetLink: true,
};

function aDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: 12,
    publicId: ME,
    isActive: true,
    ...CLAIRE,
    pendingEmail: null,
    phone: '0558000000',
    phoneIndicative: null,
    picture: null,
    roles: ['ROLE_USER', 'ROLE_DEMANDEUR'],
    user_confirm: true,
    isCorporation: false,
    corporationName: null,
    corporationSiret: null,
    corporationAgentTitle: null,
    corporationAgent: null,
    ...PINS_ADDRESS,
    country: null,
    guichetPerimeterIds: [],
    gestionnairePerimeterIds: [],
    operatorPerimeterIds: [],
    soustraitantPerimeterIds: [],
    perimeters: [],
    perimeterRequest: null,
    abilities: NO_ABILITIES,
    ...overrides,
  };
}

function mockAccountApi(roles: Role[], routes: Parameters<typeof mockApi>[0] = {}) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ id: 12, roles: ['ROLE_USER', ...roles] })),
    'GET /api/stduser/12': ok(aDetail({ roles: ['ROLE_USER', ...roles] })),
    ...routes,
  });
}

/**
 * Picks an autocomplete's option once the search of the typed text has answered: an answer
 * arriving after the click would replace the options under it (a slow machine loses the click).
 */
async function pick(
  user: { click: (element: Element) => Promise<void> },
  calls: RecordedCall[],
  typed: string,
  option: string,
) {
  await waitFor(() =>
    expect(queryOf(calls.filter((call) => call.path === '/api/perimeter').at(-1)).get('q')).toBe(typed),
  );
  await waitFor(() => expect(screen.queryByText('Recherche…')).toBeNull());
  await user.click(await screen.findByRole('option', { name: option }));
}
/** A text field by its exact label (a required one's ends with ' *'). */
const field = (name: string) =>
  screen.getByRole<HTMLInputElement>('textbox', {
    name: (accessible) => accessible === name || accessible === `${name} *`,
  });
const roleBox = (label: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: label });

beforeEach(() => {
  FakeXhr.all = [];
});

describe('/account (docs/screens.md)', { timeout: 60_000 }, () => {
  it("fills every field from the account; a non-admin's roles are fixed; saves the changes with PUT", async () => {
    const { calls } = mockAccountApi(['ROLE_DEMANDEUR'], {
      'PUT /api/stduser/12': (call) =>
        ok(
          aDetail({ ...(call.body as object), roles: ['ROLE_USER', 'ROLE_DEMANDEUR'] }),
          'Les informations du compte ont été enregistrées.',
        ),
    });
    const { user } = renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(field('Nom').value).toBe('Dupont'));
    expect(field('Prénom').value).toBe('Claire');
    expect(field('Adresse e-mail').value).toBe('claire.dupont@example.fr');
    expect(field('Localité').value).toBe('Capbreton');
    expect(screen.getByRole('combobox', { name: /Titre/ }).textContent).toBe('Particulier');
    for (const label of ROLE_LABELS) expect(roleBox(label).disabled).toBe(true);
    expect(roleBox('Demandeur').checked).toBe(true);
    // Also the password form of the account.
    expect(screen.getByRole('heading', { name: 'Modifier mon mot de passe' })).toBeTruthy();

    await user.clear(field('Prénom'));
    await user.type(field('Prénom'), 'Clara');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les informations du compte ont été enregistrées.')).toBeTruthy();
    const [put] = writes(calls);
    expect(put).toMatchObject({
      method: 'PUT',
      path: '/api/stduser/12',
      body: {
        nature: 'Particulier',
        title: 'Madame',
        firstName: 'Clara',
        lastName: 'Dupont',
        phone: '0558000000',
        addressExt: null,
      },
    });
    // A field sent is a field written — what the abilities do not allow is left out.
    for (const key of [
      'password',
      'roles',
      'guichetPerimeterIds',
      'gestionnairePerimeterIds',
      'operatorPerimeterIds',
      'soustraitantPerimeterIds',
    ])
      expect(put!.body).not.toHaveProperty(key);
  });

  it('the user form validation (docs/validation.md) in French, nothing sent; maximum lengths', async () => {
    const { calls } = mockAccountApi(['ROLE_DEMANDEUR']);
    const { user } = renderApp('/account');
    await waitFor(() => expect(field('Nom').value).toBe('Dupont'), SLOW);
    await user.clear(field('Téléphone'));
    await user.type(field('Téléphone'), '05 58');
    await user.clear(field('Adresse e-mail'));
    await user.type(field('Adresse e-mail'), 'pas-une-adresse');
    await user.clear(field('N°'));
    await user.type(field('N°'), '12b');
    await user.type(field('Raison sociale'), 'x'.repeat(101));
    await user.clear(field('Nom'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Le numéro de téléphone doit comporter exactement 10 chiffres'),
    ).toBeTruthy();
    expect(screen.getByText('Veuillez saisir une adresse e-mail valide')).toBeTruthy();
    expect(screen.getByText('Le numéro doit être numérique')).toBeTruthy();
    expect(screen.getByText('Ce champ ne peut pas dépasser 100 caractères')).toBeTruthy();
    expect(field('Nom').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Ce champ est obligatoire')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it("the identity 'Je suis le demandeur' copies: corporation, SIRET, agent, lieu-dit, with the wizard's messages", async () => {
    const { calls } = mockAccountApi(['ROLE_DEMANDEUR'], {
      'GET /api/stduser/12': ok(aDetail({ place: 'Les Barthes', corporationSiret: '73282932000074' })),
      'PUT /api/stduser/12': (call) =>
        ok(aDetail(call.body as Partial<UserDetail>), 'Les informations du compte ont été enregistrées.'),
    });
    const { user } = renderApp('/account');
    await waitFor(() => expect(field('Lieu-dit / BP').value).toBe('Les Barthes'), SLOW);
    expect(field('N° SIRET').value).toBe('73282932000074');
    for (const label of ['Raison sociale', 'Nom du représentant', 'Indicatif', 'Extension', 'Type de voie'])
      expect(field(label)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Civilité du représentant' })).toBeTruthy();

    await user.clear(field('N° SIRET'));
    await user.type(field('N° SIRET'), '7328293200007');
    await user.clear(field('Code postal'));
    await user.type(field('Code postal'), '4013');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le numéro SIRET doit comporter 14 chiffres')).toBeTruthy();
    expect(screen.getByText('Le code postal doit comporter 5 chiffres')).toBeTruthy();
    expect(field('N° SIRET').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);

    await user.clear(field('N° SIRET'));
    await user.type(field('N° SIRET'), '732 829 320 00074');
    await user.clear(field('Code postal'));
    await user.type(field('Code postal'), '40130');
    await user.type(field('Raison sociale'), 'SARL Les Pins');
    await user.type(field('Nom du représentant'), 'Claire Dupont');
    await user.click(screen.getByRole('combobox', { name: 'Civilité du représentant' }));
    await user.click(await screen.findByRole('option', { name: 'Madame' }));
    await user.type(field('Indicatif'), '+33');
    await user.clear(field('Lieu-dit / BP'));
    await user.type(field('Lieu-dit / BP'), 'BP 12');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les informations du compte ont été enregistrées.')).toBeTruthy();
    expect(writes(calls)[0]?.body).toMatchObject({
      corporationName: 'SARL Les Pins',
      corporationSiret: '73282932000074',
      corporationAgentTitle: 'Madame',
      corporationAgent: 'Claire Dupont',
      phoneIndicative: '+33',
      addressNum: '12',
      addressType: 'Rue',
      addressName: 'des Pins',
      place: 'BP 12',
      addressPostalCode: '40130',
      addressCity: 'Capbreton',
    });
  });

  it('a new e-mail waits for its confirmation: the server says so and the form shows it', async () => {
    mockAccountApi(['ROLE_DEMANDEUR'], {
      'PUT /api/stduser/12': ok(
        aDetail({ pendingEmail: 'nouvelle@exemple.fr' }),
        'Un lien de confirmation a été envoyé à nouvelle@exemple.fr : la nouvelle adresse sera prise en compte après sa confirmation.',
      ),
    });
    const { user } = renderApp('/account');
    await waitFor(() => expect(field('Adresse e-mail').value).toBe('claire.dupont@example.fr'), SLOW);
    await user.clear(field('Adresse e-mail'));
    await user.type(field('Adresse e-mail'), 'nouvelle@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(/Un lien de confirmation a été envoyé à nouvelle@exemple.fr/),
    ).toBeTruthy();
  });

  it("a guichet's own towns: fewer at once, more asked of an administrator; only its towns are sent", async () => {
    const capbreton = { id: 31, libelle: 'Capbreton', type: 'town' as const };
    const labenne = { id: 32, libelle: 'Labenne', type: 'town' as const };
    const mine = {
      roles: ['ROLE_USER', 'ROLE_GUICHET'] as Role[],
      guichetPerimeterIds: [31],
      perimeters: [{ ...capbreton, kind: 'guichet' as const }],
      abilities: {
        ...NO_ABILITIES,
        editPerimeters: true,
        perimeterFields: ['guichetPerimeterIds' as const],
        askWiderPerimeters: true,
      },
    };
    const sent =
      "Votre demande d'extension de périmètre a été envoyée à un administrateur. Vos périmètres actuels restent en vigueur jusqu'à sa décision.";
    const asked = aDetail({
      ...mine,
      perimeterRequest: {
        id: 5,
        perimeters: [capbreton, labenne],
        requestedAt: '2026-12-01T09:00:00.000Z',
      },
    });
    let saved = false;
    const { calls } = mockAccountApi(['ROLE_GUICHET'], {
      'GET /api/stduser/12': () => ok(saved ? asked : aDetail(mine)),
      'GET /api/perimeter': ok([capbreton, labenne]),
      'PUT /api/stduser/12': () => {
        saved = true;
        return ok(asked, sent);
      },
    });
    const { user } = renderApp('/account');
    const perimeters = await screen.findByRole('group', { name: 'Périmètres du guichet' }, SLOW);
    const search = within(perimeters).getByRole('combobox', { name: 'Ajouter — Périmètres du guichet' });
    expect(search).toHaveProperty('disabled', false);
    expect(
      within(perimeters).getByText(/en ajouter un envoie une demande d'extension à un administrateur/),
    ).toBeTruthy();
    await user.type(search, 'Lab');
    await pick(user, calls, 'Lab', 'Labenne');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(sent)).toBeTruthy();
    const [put] = writes(calls);
    expect(put!.body).toMatchObject({ guichetPerimeterIds: [31, 32] });
    for (const key of [
      'roles',
      'gestionnairePerimeterIds',
      'operatorPerimeterIds',
      'soustraitantPerimeterIds',
    ])
      expect(put!.body).not.toHaveProperty(key);
    // The form shows the towns in force, and the request waiting.
    expect(
      await screen.findByText(
        "Demande d'extension de périmètre envoyée le 01/12/2026, en attente de la décision d'un administrateur : Capbreton, Labenne.",
      ),
    ).toBeTruthy();
    const list = within(perimeters).getByRole('list', { name: 'Périmètres du guichet' });
    await waitFor(() => expect(list.textContent).not.toContain('Labenne'));
    expect(list.textContent).toContain('Capbreton');
  });

  it('cancel returns to the Dossiers list', async () => {
    mockAccountApi(['ROLE_DEMANDEUR'], { 'GET /api/request': ok([]) });
    const { user, router } = renderApp('/account');
    await waitFor(() => expect(field('Nom').value).toBe('Dupont'), SLOW);
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dossiers'));
  });

  it('the avatar: a picture file sent with its progress, then shown', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockAccountApi(['ROLE_DEMANDEUR']);
    const { user } = renderApp('/account');
    const button = await screen.findByRole('button', { name: 'Choisir une photo' }, SLOW);
    // The button opens the native picker, a hidden input.
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/bmp,image/png');
    const opened = vi.spyOn(input, 'click');
    await user.click(button);
    expect(opened).toHaveBeenCalled();
    await user.upload(
      input,
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'moi.jpg', { type: 'image/jpeg' }),
    );
    const xhr = FakeXhr.all[0]!;
    expect(xhr.url).toBe('/api/stduser/upload');
    const body = xhr.body as FormData;
    expect([...body.keys()]).toEqual(['userId', 'file']);
    expect(body.get('userId')).toBe('12');
    xhr.progress(50, 100);
    const progress = await screen.findByRole('progressbar', { name: 'Envoi de la photo' });
    expect(progress.getAttribute('aria-valuenow')).toBe('50');
    xhr.answer(200, {
      success: true,
      message: 'La photo a été enregistrée.',
      data: `/api/stduser/${ME}/avatar?v=abc`,
    });
    expect(await screen.findByText('La photo a été enregistrée.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Photo' }).getAttribute('src')).toBe(
        `/api/stduser/${ME}/avatar?v=abc`,
      ),
    );
  });
});

describe('/user: NewUser (admins)', { timeout: 60_000 }, () => {
  it('roles free for an admin; a guichet with its towns from the autocomplete; POST then the new user’s page', async () => {
    const { calls } = mockAccountApi(['ROLE_ADMIN'], {
      'GET /api/perimeter': (call) =>
        ok(
          queryOf(call).get('q') === 'zzz'
            ? []
            : [
                { id: 31, libelle: 'Capbreton', type: 'town' },
                { id: 32, libelle: 'Labenne', type: 'town' },
              ],
        ),
      'POST /api/stduser': (call) => ({
        status: 201,
        body: {
          success: true,
          message:
            'Le compte a été créé. Un lien pour choisir son mot de passe a été envoyé à mairie@capbreton.test.',
          data: aDetail({ ...(call.body as object), id: 44, publicId: OTHER }),
        },
      }),
      [`GET /api/stduser/${OTHER}`]: ok(aDetail({ id: 44, publicId: OTHER, email: 'mairie@capbreton.test' })),
    });
    const { user, router } = renderApp('/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouvel utilisateur' }, SLOW)).toBeTruthy();
    for (const label of ROLE_LABELS) expect(roleBox(label).disabled).toBe(false);
    expect(roleBox('Demandeur').checked).toBe(true);
    await user.click(roleBox('Demandeur'));
    await user.click(roleBox('Guichet'));

    await user.click(screen.getByRole('combobox', { name: /Titre/ }));
    await user.click(screen.getByRole('option', { name: 'Service public' }));
    await user.type(field('Adresse e-mail'), 'mairie@capbreton.test');
    await user.type(field('Téléphone'), '0558000010');

    const perimeters = screen.getByRole('group', { name: 'Périmètres du guichet' });
    expect(within(perimeters).getByRole('radio', { name: 'Commune' })).toHaveProperty('checked', true);
    const search = within(perimeters).getByRole('combobox', { name: 'Ajouter — Périmètres du guichet' });
    await user.type(search, 'zzz');
    expect(await screen.findByText('Pas de résultat')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'Cap');
    await pick(user, calls, 'Cap', 'Capbreton');
    expect(within(perimeters).getByRole('list', { name: 'Périmètres du guichet' }).textContent).toContain(
      'Capbreton',
    );
    const lookups = calls.filter((call) => call.path === '/api/perimeter');
    expect(Object.fromEntries(queryOf(lookups.at(-1)))).toEqual({ type: 'town', q: 'Cap', limit: '10' });

    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(
      await screen.findByText(
        'Le compte a été créé. Un lien pour choisir son mot de passe a été envoyé à mairie@capbreton.test.',
      ),
    ).toBeTruthy();
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      path: '/api/stduser',
      body: {
        nature: 'Service public',
        email: 'mairie@capbreton.test',
        phone: '0558000010',
        roles: ['ROLE_GUICHET'],
        guichetPerimeterIds: [31],
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${OTHER}`));
  });

  it('a non-admin is told it may not create a user', async () => {
    mockAccountApi(['ROLE_INSTRUCTEUR']);
    renderApp('/user');
    expect(
      await screen.findByText('Vous ne pouvez modifier que votre propre compte.', undefined, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Créer le compte' })).toBeNull();
  });
});

describe('/users/{id}: another account', { timeout: 60_000 }, () => {
  it('an instructor sees it read-only: every field disabled, no save', async () => {
    mockAccountApi(['ROLE_INSTRUCTEUR'], {
      [`GET /api/stduser/${OTHER}`]: ok(
        aDetail({
          id: 44,
          publicId: OTHER,
          email: 'autre@exemple.fr',
          roles: ['ROLE_USER', 'ROLE_GUICHET'],
          guichetPerimeterIds: [31],
          perimeters: [{ id: 31, libelle: 'Capbreton', type: 'town', kind: 'guichet' }],
          abilities: { ...NO_ABILITIES, edit: false },
        }),
      ),
    });
    renderApp(`/users/${OTHER}`);
    expect(
      await screen.findByText(
        'Consultation seule : seul un administrateur peut modifier ce compte.',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(field('Adresse e-mail').value).toBe('autre@exemple.fr');
    expect(field('Adresse e-mail').disabled).toBe(true);
    expect(field('Nom').disabled).toBe(true);
    for (const label of ROLE_LABELS) expect(roleBox(label).disabled).toBe(true);
    expect(
      within(screen.getByRole('list', { name: 'Périmètres du guichet' })).getByText('Capbreton'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retirer Capbreton' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choisir une photo' })).toBeNull();
  });

  it('an admin sets the « Fonction » of an instructor, printed under its name on the acts it signs', async () => {
    const { calls } = mockAccountApi(['ROLE_ADMIN'], {
      [`GET /api/stduser/${OTHER}`]: ok(
        aDetail({
          id: 44,
          publicId: OTHER,
          roles: ['ROLE_USER', 'ROLE_INSTRUCTEUR'],
          abilities: ADMIN_ABILITIES,
        }),
      ),
      'PUT /api/stduser/44': (call) =>
        ok(aDetail({ ...(call.body as object), id: 44, publicId: OTHER, abilities: ADMIN_ABILITIES }), 'ok'),
    });
    const { user } = renderApp(`/users/${OTHER}`);
    await screen.findByRole('button', { name: 'Enregistrer' }, SLOW);
    await user.type(field('Fonction'), '  Maire adjoint à la voirie ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(writes(calls)[0]).toMatchObject({
        method: 'PUT',
        body: { jobTitle: 'Maire adjoint à la voirie' },
      }),
    );
  });

  it('an applicant’s account has no « Fonction »', async () => {
    mockAccountApi(['ROLE_ADMIN'], {
      [`GET /api/stduser/${OTHER}`]: ok(aDetail({ id: 44, publicId: OTHER, abilities: ADMIN_ABILITIES })),
    });
    renderApp(`/users/${OTHER}`);
    await screen.findByRole('button', { name: 'Enregistrer' }, SLOW);
    expect(screen.queryByRole('textbox', { name: 'Fonction' })).toBeNull();
  });

  it('an admin editing a guichet may switch it only to Gestionnaire de voirie (the domain’s rule)', async () => {
    mockAccountApi(['ROLE_ADMIN'], {
      [`GET /api/stduser/${OTHER}`]: ok(
        aDetail({
          id: 44,
          publicId: OTHER,
          roles: ['ROLE_USER', 'ROLE_GUICHET'],
          abilities: ADMIN_ABILITIES,
        }),
      ),
    });
    renderApp(`/users/${OTHER}`);
    await screen.findByRole('button', { name: 'Enregistrer' }, SLOW);
    const enabled = ROLE_LABELS.filter((label) => !roleBox(label).disabled);
    expect(enabled).toEqual(['Guichet', 'Gestionnaire de voirie']);
  });
});

describe("/users/{id}: a guichet's « demande d'extension de périmètre »", { timeout: 60_000 }, () => {
  it('an admin sees what is asked, approves after confirming, and the page shows the account as it now is', async () => {
    const capbreton = { id: 31, libelle: 'Capbreton', type: 'town' as const };
    const labenne = { id: 32, libelle: 'Labenne', type: 'town' as const };
    const waiting = aDetail({
      id: 44,
      publicId: OTHER,
      firstName: 'Sophie',
      lastName: 'Lalanne',
      email: 'guichet@exemple.fr',
      roles: ['ROLE_USER', 'ROLE_GUICHET'],
      guichetPerimeterIds: [31],
      perimeters: [{ ...capbreton, kind: 'guichet' }],
      perimeterRequest: {
        id: 5,
        perimeters: [capbreton, labenne],
        requestedAt: '2026-12-01T09:00:00.000Z',
      },
      abilities: { ...ADMIN_ABILITIES, decidePerimeterRequest: true },
    });
    const approved = aDetail({
      ...waiting,
      guichetPerimeterIds: [31, 32],
      perimeters: [
        { ...capbreton, kind: 'guichet' },
        { ...labenne, kind: 'guichet' },
      ],
      perimeterRequest: null,
      abilities: ADMIN_ABILITIES,
    });
    let decided = false;
    const { calls } = mockAccountApi(['ROLE_ADMIN'], {
      [`GET /api/stduser/${OTHER}`]: () => ok(decided ? approved : waiting),
      [`POST /api/stduser/${OTHER}/perimeter-request`]: () => {
        decided = true;
        return ok(
          approved,
          "L'extension de périmètre a été accordée : le compte a désormais les périmètres demandés.",
        );
      },
    });
    const { user } = renderApp(`/users/${OTHER}`);
    const panel = await screen.findByRole('region', { name: "Demande d'extension de périmètre" }, SLOW);
    expect(within(panel).getByText('Envoyée le 01/12/2026. Périmètres demandés :')).toBeTruthy();
    const asked = within(panel).getAllByRole('listitem');
    expect(asked.map((item) => item.textContent)).toEqual(['CapbretonCommune', 'LabenneCommuneajouté']);
    await user.click(within(panel).getByRole('button', { name: 'Refuser la demande' }));
    const refuse = await screen.findByRole('dialog', {
      name: "Voulez-vous vraiment refuser cette demande d'extension de périmètre ?",
    });
    await user.click(within(refuse).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: "Accorder l'extension" }));
    const approve = await screen.findByRole('dialog', {
      name: 'Voulez-vous vraiment accorder cette extension de périmètre ?',
    });
    await user.click(within(approve).getByRole('button', { name: "Accorder l'extension" }));
    expect(
      await screen.findByText(
        "L'extension de périmètre a été accordée : le compte a désormais les périmètres demandés.",
      ),
    ).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: `/api/stduser/${OTHER}/perimeter-request`,
        body: { requestId: 5, decision: 'approve' },
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: "Demande d'extension de périmètre" })).toBeNull(),
    );
    expect(
      within(screen.getByRole('list', { name: 'Périmètres du guichet' })).getByText('Labenne'),
    ).toBeTruthy();
  });

  it('an instructor reading the account sees the request waiting, and no way to decide it', async () => {
    mockAccountApi(['ROLE_INSTRUCTEUR'], {
      [`GET /api/stduser/${OTHER}`]: ok(
        aDetail({
          id: 44,
          publicId: OTHER,
          roles: ['ROLE_USER', 'ROLE_GUICHET'],
          perimeterRequest: {
            id: 5,
            perimeters: [{ id: 32, libelle: 'Labenne', type: 'town' }],
            requestedAt: '2026-12-01T09:00:00.000Z',
          },
          abilities: { ...NO_ABILITIES, edit: false },
        }),
      ),
    });
    renderApp(`/users/${OTHER}`);
    expect(
      await screen.findByText(
        "Demande d'extension de périmètre envoyée le 01/12/2026, en attente de la décision d'un administrateur : Labenne.",
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Accorder l'extension" })).toBeNull();
  });
});

describe('/confirm-email/{token}', { timeout: 60_000 }, () => {
  it('confirms the new address once, and offers to sign in', async () => {
    const { calls } = mockApi({
      'GET /api/config': ok(aConfig()),
      'PUT /api/user/confirm-email/tok-1': ok(
        { email: 'nouvelle@exemple.fr' },
        'Votre nouvelle adresse e-mail est confirmée.',
      ),
    });
    renderApp('/confirm-email/tok-1');
    expect(
      await screen.findByText(/Votre nouvelle adresse e-mail est confirmée\./, undefined, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('a dead link says so', async () => {
    mockApi({
      'GET /api/config': ok(aConfig()),
      'PUT /api/user/confirm-email/used': {
        status: 400,
        body: {
          success: false,
          code: 'TOKEN_INVALID',
          message:
            "Ce lien de confirmation n'est plus valide. Modifiez à nouveau l'adresse e-mail depuis « Mon compte ».",
        },
      },
    });
    renderApp('/confirm-email/used');
    expect(
      await screen.findByText(/Ce lien de confirmation n'est plus valide/, undefined, SLOW),
    ).toBeTruthy();
  });
});
