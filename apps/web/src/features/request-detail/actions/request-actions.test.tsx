import { screen, within } from '@testing-library/react';
import type { Document, DocumentType, Role } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, queryOf, signInCookie, type MockAnswer, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { aStoredRequest } from '../../../test/request-fixtures';
import type { RequestDetail } from '../api/instruction-api';
import { aDocument } from '../model/detail-fixtures';
import { todayIso } from '../model/instruction-actions';

// The map's canvas is not testable in jsdom.
vi.mock('../../map/components/map-panel', () => ({ default: () => null }));

const SLOW = { timeout: 15_000 };

const INSTRUCTION_BUTTONS = [
  'Demande de complétude',
  'Réorienter',
  "Générer l'arrêté",
  'Envoyer en signature',
  "Déposer l'arrêté signé",
  'Refus du signataire',
];

const TYPES: DocumentType[] = [
  {
    id: 1,
    name: 'Plan de situation',
    categorie: 'demande',
    nature: null,
    isMandatory: true,
    isMandatoryReseaux: true,
    cerfa: null,
  },
  {
    id: 85,
    name: 'Formulaire CERFA 14023',
    categorie: 'demande',
    nature: null,
    isMandatory: true,
    isMandatoryReseaux: true,
    cerfa: 1,
  },
  {
    id: 93,
    name: 'Arrêté',
    categorie: 'décision',
    nature: null,
    isMandatory: false,
    isMandatoryReseaux: false,
    cerfa: null,
  },
  {
    id: 101,
    name: 'Réponse à la demande de complétude',
    categorie: 'complétude',
    nature: null,
    isMandatory: false,
    isMandatoryReseaux: false,
    cerfa: null,
  },
];

function aDetail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    ...aStoredRequest({
      stateId: 3,
      state: { id: 3, name: 'Transférée pour instruction' },
      missingDocuments: null,
    }),
    actions: [],
    ...overrides,
  };
}

/** Who may sign (GET request/{id}/signatories): the page's instructor preselected. */
const SIGNATORIES = {
  signatories: [
    { id: 13, firstName: 'Julien', lastName: 'Lafitte', jobTitle: null },
    { id: 21, firstName: 'Anne', lastName: 'Dubois', jobTitle: 'Vice-présidente déléguée à la voirie' },
  ],
  defaultId: 13,
};

function mockDetail(
  request: RequestDetail,
  roles: Role[],
  routes: Record<string, MockAnswer | ((call: RecordedCall) => MockAnswer)> = {},
) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ id: 13, roles })),
    'GET /api/request/k3x9q': ok(request),
    'GET /api/log/request/42': ok([]),
    'GET /api/typedocument': ok(TYPES),
    'GET /api/request/42/signatories': ok(SIGNATORIES),
    ...routes,
  });
}

/** The `order` of a request of one act: its permission's DOCX and PDF. */
const singleOrder = (docx: Document | null, pdf: Document | null) => ({
  docx,
  pdf,
  acts: [{ act: 'permission' as const, title: 'Arrêté de permission de voirie', docx, pdf }],
});

/** The `order` of a permission asked with an alignment and a traffic order. */
const threeActsOrder = () => ({
  docx: aDocument(7, 93),
  pdf: null,
  acts: [
    {
      act: 'permission' as const,
      title: 'Arrêté de permission de voirie',
      docx: aDocument(7, 93),
      pdf: null,
    },
    {
      act: 'alignment' as const,
      title: "Arrêté d'alignement individuel",
      docx: aDocument(9, 1093),
      pdf: aDocument(10, 1093),
    },
    {
      act: 'traffic' as const,
      title: 'Arrêté de police de la circulation',
      docx: aDocument(11, 2093),
      pdf: null,
    },
  ],
});

/** The signed orders recorded: the request in works (4). */
const SIGNED_ANSWER = {
  'POST /api/request/42/signature/signed': ok(
    aDetail({ stateId: 4, state: { id: 4, name: 'En attente de réception' }, actions: [] }),
    "L'arrêté signé a été enregistré.",
  ),
};

const heading = () => screen.findByRole('heading', { level: 1, name: 'Demande n°42' }, SLOW);
const button = (name: string) => screen.getByRole('button', { name });
const dialog = (name: string) => screen.findByRole('dialog', { name });
const actionBar = () => screen.getByRole('group', { name: 'Actions sur la demande' });
/** The texts of the buttons in `container`, in the page's order. */
const buttonTexts = (container: HTMLElement) =>
  within(container)
    .getAllByRole('button')
    .map((item) => item.textContent);
/** The texts of the level-3 headings in `container`, in the page's order. */
const headingTexts = (container: HTMLElement) =>
  within(container)
    .getAllByRole('heading', { level: 3 })
    .map((item) => item.textContent);

/** Opens the decision, types a comment, then closes it without saving. */
async function typeDecisionCommentThenCancel(user: ReturnType<typeof renderApp>['user']) {
  await user.click(button('Décision'));
  const first = await dialog('Décision');
  await user.type(within(first).getByLabelText('Commentaire'), 'Voir le plan joint');
  await user.click(within(first).getByRole('button', { name: 'Annuler' }));
}

describe('request page actions', { timeout: 60_000 }, () => {
  it('shows only the actions the server allows: the applicant sees no instruction button', async () => {
    mockDetail(aDetail({ actions: ['cancel'] }), ['ROLE_DEMANDEUR']);
    renderApp('/dossiers/k3x9q');
    await heading();
    const bar = actionBar();
    expect(buttonTexts(bar)).toEqual(['Annuler la demande']);
    for (const name of INSTRUCTION_BUTTONS) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Arrêté' })).toBeNull();
  });

  it("offers the instructor's buttons under headings by what they do, and no order button without an order", async () => {
    mockDetail(
      aDetail({ actions: ['requestCompleteness', 'reorient', 'generateOrder', 'cancel'], order: null }),
      ['ROLE_INSTRUCTEUR'],
    );
    renderApp('/dossiers/k3x9q');
    await heading();
    const bar = actionBar();
    expect(buttonTexts(bar)).toEqual([
      'Demande de complétude',
      'Réorienter',
      "Générer l'arrêté",
      'Annuler la demande',
    ]);
    // Headed groups, in the page's order; a heading without an allowed action is left out.
    expect(headingTexts(bar)).toEqual(['Instruction', 'Arrêté', 'Autres']);
    const groupButtons = (name: string) => buttonTexts(within(bar).getByRole('group', { name }));
    expect(groupButtons('Instruction')).toEqual(['Demande de complétude', 'Réorienter']);
    expect(groupButtons('Arrêté')).toEqual(["Générer l'arrêté"]);
    expect(groupButtons('Autres')).toEqual(['Annuler la demande']);
    expect(within(bar).queryByRole('group', { name: 'Travaux' })).toBeNull();
    // No order yet: no order block, no download or edit button to find empty.
    expect(screen.queryByRole('region', { name: 'Arrêté' })).toBeNull();
    for (const name of ["Télécharger l'arrêté (DOCX)", "Télécharger l'arrêté (PDF)", "Modifier l'arrêté"]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
  });

  it('groups the works actions and the documents apart from the rest', async () => {
    mockDetail(
      aDetail({
        stateId: 4,
        actions: [
          'declareRoadDisturbance',
          'generateDisturbanceMinutes',
          'extend',
          'cancelWorks',
          'updateRequest',
        ],
      }),
      ['ROLE_ADMIN'],
    );
    renderApp('/dossiers/k3x9q');
    await heading();
    const bar = actionBar();
    expect(headingTexts(bar)).toEqual(['Travaux', 'Documents', 'Autres']);
    expect(buttonTexts(within(bar).getByRole('group', { name: 'Travaux' }))).toEqual([
      'Déclarer une perturbation de voirie',
      'Prolonger',
      'Annuler les travaux',
    ]);
    expect(
      within(within(bar).getByRole('group', { name: 'Documents' })).getByRole('button').textContent,
    ).toBe('Générer le PV de perturbation');
    expect(
      within(within(bar).getByRole('group', { name: 'Autres' })).getByRole('link', {
        name: 'Mise à jour du dossier',
      }),
    ).toBeTruthy();
  });

  it("links the order's files, shows the signatory's refusal, and generates the order", async () => {
    const updated = aDetail({
      stateId: 3,
      actions: ['submitForSignature'],
      order: singleOrder(aDocument(7, 93), aDocument(8, 93)),
    });
    const { calls } = mockDetail(
      aDetail({
        actions: ['generateOrder'],
        order: singleOrder(aDocument(7, 93), null),
        signatureRefusal: 'Erreur dans les prescriptions',
        signatureRefusedAt: '2026-03-10T10:00:00.000Z',
      }),
      ['ROLE_ADMIN'],
      { 'POST /api/request/42/order': ok(updated, "L'arrêté a été généré.") },
    );
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    const order = screen.getByRole('region', { name: 'Arrêté' });
    expect(
      within(order).getByRole('link', { name: "Télécharger l'arrêté (DOCX)" }).getAttribute('href'),
    ).toBe('/api/document/7/file');
    expect(within(order).queryByRole('link', { name: "Télécharger l'arrêté (PDF)" })).toBeNull();
    // No PDF yet: no button for it either, while the DOCX can be replaced.
    expect(within(order).queryByRole('button', { name: "Télécharger l'arrêté (PDF)" })).toBeNull();
    expect(within(order).getByRole('button', { name: "Modifier l'arrêté" })).toBeTruthy();
    expect(screen.getByText('Erreur dans les prescriptions')).toBeTruthy();
    expect(screen.getByText('Refusé le 10/03/2026')).toBeTruthy();

    await user.click(button("Générer l'arrêté"));
    const generation = await dialog("Générer l'arrêté");
    await user.click(await within(generation).findByRole('button', { name: 'Générer' }));
    expect(await screen.findByText("L'arrêté a été généré.")).toBeTruthy();
    expect(
      calls
        .filter((call) => call.method === 'POST' && call.path === '/api/request/42/order')
        .map((call) => call.body),
    ).toEqual([{ signatoryId: 13 }]);
    expect(await screen.findByRole('button', { name: 'Envoyer en signature' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Télécharger l'arrêté (PDF)" }).getAttribute('href')).toBe(
      '/api/document/8/file',
    );
  });

  it("asks for completeness; the transfer back needs 85 and 101 ('* obligatoire')", async () => {
    const { calls } = mockDetail(aDetail({ actions: ['requestCompleteness'] }), ['ROLE_INSTRUCTEUR'], {
      'POST /api/request/42/completeness': ok(
        aDetail({ stateId: 8, state: { id: 8, name: 'Transférée en complétude' }, actions: [] }),
        'La demande a été transférée en complétude.',
      ),
    });
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    await user.click(button('Demande de complétude'));
    const form = await dialog('Demande de complétude');
    await within(form).findByRole('checkbox', { name: 'Plan de situation' });
    const names = within(form)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(names).toEqual([
      'Plan de situation',
      'Formulaire CERFA 14023',
      'Réponse à la demande de complétude',
    ]);
    // The date, today by default, typed DD/MM/YYYY in the French date picker.
    await user.click(within(form).getByRole('group', { name: /^Date/ }));
    await user.keyboard('15032026');

    await user.click(within(form).getByRole('checkbox', { name: 'Plan de situation' }));
    await user.click(within(form).getByRole('switch', { name: 'Transférer au demandeur' }));
    const ok85 = within(form).getByRole('checkbox', { name: 'Formulaire CERFA 14023 * obligatoire' });
    const ok101 = within(form).getByRole('checkbox', {
      name: 'Réponse à la demande de complétude * obligatoire',
    });
    const submit = within(form).getByRole('button', { name: 'OK' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.click(ok85);
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.click(ok101);
    expect(submit.hasAttribute('disabled')).toBe(false);
    await user.type(within(form).getByRole('textbox', { name: 'Commentaire' }), 'Plans illisibles');
    await user.click(submit);

    expect(await screen.findByText('La demande a été transférée en complétude.')).toBeTruthy();
    const post = calls.find((call) => call.path === '/api/request/42/completeness');
    expect(post?.body).toEqual({
      missingDocuments: [1, 85, 101],
      comment: 'Plans illisibles',
      date: '2026-03-15',
      transferBack: true,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The cache takes the returned request; the history is read again.
    expect(await screen.findByText('Transférée en complétude')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/log/request/42').length).toBeGreaterThanOrEqual(2);
  });

  it('asks for at least one missing piece', async () => {
    const { calls } = mockDetail(aDetail({ actions: ['requestCompleteness'] }), ['ROLE_INSTRUCTEUR']);
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    await user.click(button('Demande de complétude'));
    const form = await dialog('Demande de complétude');
    await within(form).findByRole('checkbox', { name: 'Plan de situation' });
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText('Veuillez sélectionner au moins une pièce manquante')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/request/42/completeness')).toBe(false);
    // Without a choice, the date stays today's.
    const [year, month, day] = todayIso().split('-');
    expect(within(form).getByRole('group', { name: /^Date/ }).textContent).toContain(
      `${day ?? ''}/${month ?? ''}/${year ?? ''}`,
    );
  });

  it('reorients to a configured target only, then goes back to the list', async () => {
    const { calls } = mockDetail(aDetail({ actions: ['reorient'] }), ['ROLE_INSTRUCTEUR'], {
      'GET /api/request/42/reorientation-targets': ok([
        { value: 'mairie', label: 'Mairie de la commune', mail: null },
        { value: 'departement', label: 'Département des Landes', mail: 'voirie@landes.fr' },
      ]),
      'POST /api/request/42/reorient': ok(aDetail({ stateId: 11 }), 'La demande a été réorientée.'),
    });
    const { user, router } = renderApp('/dossiers/k3x9q');
    await heading();
    await user.click(button('Réorienter'));
    const form = await dialog('Réorientation');
    const town = await within(form).findByRole('radio', {
      name: 'Mairie de la commune — Adresse non configurée',
    });
    expect(town.hasAttribute('disabled')).toBe(true);
    await user.click(within(form).getByRole('radio', { name: 'Département des Landes — voirie@landes.fr' }));
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('La demande a été réorientée.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/request/42/reorient')?.body).toEqual({
      target: 'departement',
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dossiers'));
  });

  it('cancels after the confirmation, then reads the request again', async () => {
    let current = aDetail({ actions: ['cancel'] });
    const { calls } = mockDetail(current, ['ROLE_DEMANDEUR'], {
      'GET /api/request/k3x9q': () => ok(current),
      // The answer is the list's row, not the detail: the page must not show it as the request.
      'POST /api/request/42/cancel': () => {
        current = aDetail({ stateId: 1, state: { id: 1, name: 'Annulée' }, actions: [] });
        return ok({ id: 42, stateId: 1, state: { id: 1, name: 'Annulée' } }, 'Demande annulée');
      },
    });
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    await user.click(button('Annuler la demande'));
    const confirm = await dialog('Annuler la demande');
    expect(within(confirm).getByText('Êtes-vous sûr de vouloir annuler cette demande ?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Non' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === '/api/request/42/cancel')).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Annuler la demande' }));
    await user.click(within(await dialog('Annuler la demande')).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('Demande annulée')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/request/42/cancel')).toHaveLength(1);
    await vi.waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Actions sur la demande' })).toBeNull(),
    );
    expect(screen.getAllByText('Annulée').length).toBeGreaterThan(0);
  });

  it('withdraws after one confirmation (DELETE request/{id}); a refusal stays in the dialog', async () => {
    let refuse = true;
    let current = aDetail({ actions: ['cancel', 'withdraw'] });
    const { calls } = mockDetail(current, ['ROLE_DEMANDEUR'], {
      'GET /api/request/k3x9q': () => ok(current),
      'DELETE /api/request/42': () => {
        if (refuse)
          return {
            status: 409,
            body: {
              success: false,
              code: 'STATE_CONFLICT',
              message: "Seule une demande qui n'est pas encore décidée peut être retirée.",
            },
          };
        current = aDetail({ stateId: 14, state: { id: 14, name: 'Retirée' }, actions: [] });
        return ok({ id: 42, stateId: 14, state: { id: 14, name: 'Retirée' } }, 'Demande retirée');
      },
    });
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    expect(
      within(screen.getByRole('group', { name: 'Autres' }))
        .getAllByRole('button')
        .map((element) => element.textContent),
    ).toEqual(['Annuler la demande', 'Retirer la demande']);
    await user.click(button('Retirer la demande'));
    const confirm = await dialog('Retirer la demande');
    expect(within(confirm).getByText(/Êtes-vous sûr de vouloir retirer cette demande \?/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Oui' }));
    expect(
      await within(confirm).findByText("Seule une demande qui n'est pas encore décidée peut être retirée."),
    ).toBeTruthy();
    refuse = false;
    await user.click(within(confirm).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('Demande retirée')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE' && call.path === '/api/request/42')).toHaveLength(
      2,
    );
    expect((await screen.findAllByText('Retirée')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Retirer la demande' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/request/42/cancel')).toBe(false);
  });

  it("uploads the signed order as multipart 'file', shown 'En signature' until then", async () => {
    const { calls } = mockDetail(
      aDetail({ sendToSign: true, actions: ['signatureReturned', 'signatureRefused'] }),
      ['ROLE_INSTRUCTEUR'],
      SIGNED_ANSWER,
    );
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    expect(screen.getAllByText('En signature').length).toBeGreaterThanOrEqual(2);
    await user.click(button("Déposer l'arrêté signé"));
    const form = await dialog("Déposer l'arrêté signé");
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(within(form).getByText('Veuillez choisir un fichier.')).toBeTruthy();
    const pdf = new File(['%PDF-1.7'], 'arrete-signe.pdf', { type: 'application/pdf' });
    await user.upload(within(form).getByLabelText(/Arrêté signé \(PDF\)/), pdf);
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText("L'arrêté signé a été enregistré.")).toBeTruthy();
    const post = calls.find((call) => call.path === '/api/request/42/signature/signed');
    expect(post?.body).toBeInstanceOf(FormData);
    expect(((post?.body as FormData).get('file') as File).name).toBe('arrete-signe.pdf');
  });

  it('offers each act of a request its own order buttons', async () => {
    const { calls } = mockDetail(
      aDetail({ actions: ['saveDecision'], order: threeActsOrder() }),
      ['ROLE_ADMIN'],
      {
        'PUT /api/request/42/order': ok(
          aDetail({ actions: ['saveDecision'], order: threeActsOrder() }),
          "L'arrêté a été modifié.",
        ),
      },
    );
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    const order = screen.getByRole('region', { name: 'Arrêté' });
    expect(headingTexts(order)).toEqual([
      'Arrêté de permission de voirie',
      "Arrêté d'alignement individuel",
      'Arrêté de police de la circulation',
    ]);
    expect(
      within(order)
        .getByRole('link', { name: "Télécharger l'arrêté de permission de voirie (DOCX)" })
        .getAttribute('href'),
    ).toBe('/api/document/7/file');
    expect(
      within(order)
        .getByRole('link', { name: "Télécharger l'arrêté d'alignement individuel (PDF)" })
        .getAttribute('href'),
    ).toBe('/api/document/10/file');
    expect(
      within(order)
        .getByRole('link', { name: "Télécharger l'arrêté de police de la circulation (DOCX)" })
        .getAttribute('href'),
    ).toBe('/api/document/11/file');
    expect(
      within(order).queryByRole('link', { name: "Télécharger l'arrêté de police de la circulation (PDF)" }),
    ).toBeNull();
    await user.click(
      within(order).getByRole('button', { name: "Modifier l'arrêté de police de la circulation" }),
    );
    const form = await dialog("Modifier l'arrêté de police de la circulation");
    const edited = new File(['%PDF-1.7'], 'circulation.pdf', { type: 'application/pdf' });
    await user.upload(within(form).getByLabelText(/Arrêté de police de la circulation modifié/), edited);
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText("L'arrêté a été modifié.")).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/request/42/order');
    expect(queryOf(put).get('act')).toBe('traffic');
  });

  it('asks for one signed PDF per act, each labelled by its act, and sends them together', async () => {
    const { calls } = mockDetail(
      aDetail({ sendToSign: true, actions: ['signatureReturned'], order: threeActsOrder() }),
      ['ROLE_INSTRUCTEUR'],
      SIGNED_ANSWER,
    );
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    await user.click(button("Déposer l'arrêté signé"));
    const form = await dialog('Déposer les arrêtés signés');
    const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
    await user.upload(
      within(form).getByLabelText(/Arrêté de permission de voirie signé \(PDF\)/),
      pdf('p.pdf'),
    );
    await user.upload(
      within(form).getByLabelText(/Arrêté d'alignement individuel signé \(PDF\)/),
      pdf('a.pdf'),
    );
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    // The traffic order is missing: said under its input, nothing sent.
    expect(within(form).getByText('Veuillez choisir un fichier.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/request/42/signature/signed')).toBe(false);
    await user.upload(
      within(form).getByLabelText(/Arrêté de police de la circulation signé \(PDF\)/),
      pdf('c.pdf'),
    );
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText("L'arrêté signé a été enregistré.")).toBeTruthy();
    const body = calls.find((call) => call.path === '/api/request/42/signature/signed')?.body as FormData;
    expect([...body.keys()]).toEqual(['permission', 'alignment', 'traffic']);
    expect((body.get('traffic') as File).name).toBe('c.pdf');
  });

  it("records the signatory's refusal, and shows a 403's detail in the dialog", async () => {
    let answer: MockAnswer = {
      status: 403,
      body: {
        success: false,
        code: 'FORBIDDEN',
        message: 'Interdit',
        detail: "Vous n'avez pas les droits pour effectuer cette action.",
      },
    };
    const { calls } = mockDetail(
      aDetail({ sendToSign: true, actions: ['signatureRefused'] }),
      ['ROLE_INSTRUCTEUR'],
      {
        'POST /api/request/42/signature/refusal': () => answer,
      },
    );
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    await user.click(button('Refus du signataire'));
    const form = await dialog('Refus du signataire');
    await user.type(within(form).getByRole('textbox', { name: 'Motif du refus' }), 'Mauvais signataire');
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(
      await within(form).findByText("Vous n'avez pas les droits pour effectuer cette action."),
    ).toBeTruthy();

    answer = ok(aDetail({ actions: [] }), "Le refus de signature de l'arrêté a été enregistré.");
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText("Le refus de signature de l'arrêté a été enregistré.")).toBeTruthy();
    expect(
      calls.filter((call) => call.path === '/api/request/42/signature/refusal').map((call) => call.body),
    ).toEqual([{ comment: 'Mauvais signataire' }, { comment: 'Mauvais signataire' }]);
  });

  it('asks who signs: « Signataire », the proposal preselected, the choice sent; a refusal stays in the dialog', async () => {
    let refuse = true;
    const { calls } = mockDetail(aDetail({ actions: ['generateOrder'] }), ['ROLE_INSTRUCTEUR'], {
      'POST /api/request/42/order': () =>
        refuse
          ? {
              status: 400,
              body: {
                success: false,
                code: 'VALIDATION',
                message: "Le signataire doit être un compte actif d'instructeur ou d'administrateur.",
                errors: [],
              },
            }
          : ok(aDetail({ actions: ['submitForSignature'] }), "L'arrêté a été généré."),
    });
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    await user.click(button("Générer l'arrêté"));
    const generation = await dialog("Générer l'arrêté");
    const select = await within(generation).findByLabelText<HTMLSelectElement>('Signataire');
    expect([...select.options].map((option) => option.text)).toEqual([
      'Julien Lafitte',
      'Anne Dubois — Vice-présidente déléguée à la voirie',
    ]);
    expect(select.value).toBe('13');
    // The browser's own list (keyboard and screen readers know it), named by its label.
    expect(select.tagName).toBe('SELECT');
    await user.selectOptions(select, 'Anne Dubois — Vice-présidente déléguée à la voirie');
    await user.click(within(generation).getByRole('button', { name: 'Générer' }));
    expect(
      await within(generation).findByText(
        "Le signataire doit être un compte actif d'instructeur ou d'administrateur.",
        { exact: false },
      ),
    ).toBeTruthy();
    refuse = false;
    await user.click(within(generation).getByRole('button', { name: 'Générer' }));
    expect(await screen.findByText("L'arrêté a été généré.")).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: "Générer l'arrêté" })).toBeNull();
    expect(
      calls
        .filter((call) => call.method === 'POST' && call.path === '/api/request/42/order')
        .map((call) => call.body),
    ).toEqual([{ signatoryId: 21 }, { signatoryId: 21 }]);
  });

  it("says 'Génération de l'arrêté en cours' while the order is generated", async () => {
    mockDetail(
      aDetail({
        stateId: 999,
        state: { id: 999, name: "Génération de l'arrêté en cours" },
        actions: [],
        order: null,
      }),
      ['ROLE_INSTRUCTEUR'],
    );
    renderApp('/dossiers/k3x9q');
    await heading();
    const order = screen.getByRole('region', { name: 'Arrêté' });
    expect(within(order).getByRole('status').textContent).toBe("Génération de l'arrêté en cours");
  });

  it("opens the decision dialog with 'Décision'", async () => {
    mockDetail(aDetail({ actions: ['saveDecision'] }), ['ROLE_INSTRUCTEUR']);
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    await user.click(button('Décision'));
    expect(await dialog('Décision')).toBeTruthy();
  });

  it('keeps what was typed in the decision when it is closed without saving, and sends nothing', async () => {
    const { calls } = mockDetail(aDetail({ actions: ['saveDecision'] }), ['ROLE_INSTRUCTEUR']);
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    await typeDecisionCommentThenCancel(user);
    expect(screen.queryByRole('dialog', { name: 'Décision' })).toBeNull();

    await user.click(button('Décision'));
    const again = await dialog('Décision');
    expect(within(again).getByLabelText<HTMLTextAreaElement>('Commentaire').value).toBe('Voir le plan joint');
    // Closing decided nothing: no decision was sent.
    expect(calls.some((call) => call.path === '/api/request/42/decision')).toBe(false);
  });

  it.each<[string, Partial<RequestDetail>]>([
    ['its state', { stateId: 8, state: { id: 8, name: 'Transférée en complétude' } }],
    ['its values, in the same state', { order: singleOrder(aDocument(7, 93), null) }],
  ])('drops the kept decision draft once the request changes: %s', async (_what, change) => {
    const actions: RequestDetail['actions'] = ['saveDecision', 'generateOrder'];
    mockDetail(aDetail({ actions }), ['ROLE_INSTRUCTEUR'], {
      'POST /api/request/42/order': ok(aDetail({ actions, ...change }), "L'arrêté a été généré."),
    });
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    await typeDecisionCommentThenCancel(user);

    await user.click(button("Générer l'arrêté"));
    await user.click(
      await within(await dialog("Générer l'arrêté")).findByRole('button', { name: 'Générer' }),
    );
    expect(await screen.findByText("L'arrêté a été généré.")).toBeTruthy();
    await user.click(button('Décision'));
    const again = await dialog('Décision');
    expect(within(again).getByLabelText<HTMLTextAreaElement>('Commentaire').value).toBe('');
  });

  it("gives the admin's edit entry the tooltip 'Mise à jour du dossier'", async () => {
    mockDetail(aDetail({ stateId: 8, actions: ['complete', 'updateRequest'] }), ['ROLE_ADMIN']);
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    const link = screen.getByRole('link', { name: 'Compléter la demande' });
    expect(link.getAttribute('href')).toBe('/updatedossier/k3x9q');
    // One entry to the wizard: the completion's, when it is allowed.
    expect(screen.queryByRole('link', { name: 'Mise à jour du dossier' })).toBeNull();
    await user.hover(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Mise à jour du dossier');
  });

  it("offers the admin 'Mise à jour du dossier' outside completeness when the server allows it", async () => {
    mockDetail(aDetail({ stateId: 5, actions: ['updateRequest'] }), ['ROLE_ADMIN']);
    renderApp('/dossiers/k3x9q');
    await heading();
    const link = screen.getByRole('link', { name: 'Mise à jour du dossier' });
    expect(link.getAttribute('href')).toBe('/updatedossier/k3x9q');
    expect(screen.queryByRole('link', { name: 'Compléter la demande' })).toBeNull();
  });
});

describe('request page works actions', { timeout: 60_000 }, () => {
  const barButtons = () => buttonTexts(actionBar());

  it("offers the instructor the reception's outcome, whose letters are in its dialog, and the letters block", async () => {
    mockDetail(
      aDetail({
        stateId: 7,
        state: { id: 7, name: 'Réception effectuée' },
        actions: ['recordReception', 'generateLetter', 'proposeAppointments'],
      }),
      ['ROLE_INSTRUCTEUR'],
    );
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    expect(barButtons()).toEqual(['Proposer des rendez-vous', 'Réception des travaux']);
    const letters = screen.getByRole('region', { name: 'Courriers' });
    expect(within(letters).getByRole('region', { name: 'Mise en demeure' })).toBeTruthy();
    await user.click(button('Réception des travaux'));
    const form = await dialog('Réception des travaux');
    expect(within(form).getByRole('button', { name: 'Générer le procès-verbal' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Annuler' }));
    await user.click(button('Proposer des rendez-vous'));
    expect(await dialog('Proposer des rendez-vous')).toBeTruthy();
  });

  it("generates the road-disturbance minutes with 'Générer le PV de perturbation'", async () => {
    const { calls } = mockDetail(
      aDetail({
        stateId: 2,
        state: { id: 2, name: 'Travaux réceptionnés' },
        actions: ['declareRoadDisturbance', 'generateDisturbanceMinutes'],
      }),
      ['ROLE_INSTRUCTEUR'],
      {
        'POST /api/request/42/letters/disturbanceMinutes': ok(
          aDetail({
            stateId: 2,
            actions: ['generateDisturbanceMinutes'],
            letters: {
              formalNotice: null,
              minutes: null,
              disturbanceMinutes: { docx: aDocument(80, 110), pdf: null, sentAt: null },
            },
          }),
          'Le procès-verbal de perturbation de voirie a été généré.',
        ),
      },
    );
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    expect(barButtons()).toEqual(['Déclarer une perturbation de voirie', 'Générer le PV de perturbation']);
    await user.click(button('Générer le PV de perturbation'));
    expect(await screen.findByText('Le procès-verbal de perturbation de voirie a été généré.')).toBeTruthy();
    expect(
      calls
        .filter((call) => call.path === '/api/request/42/letters/disturbanceMinutes')
        .map((call) => [call.method, call.body]),
    ).toEqual([['POST', {}]]);
    expect(
      (await screen.findByRole('link', { name: 'Télécharger le PV de perturbation (DOCX)' })).getAttribute(
        'href',
      ),
    ).toBe('/api/document/80/file');
  });

  it("opens the declaration's confirmation with 'Déclarer une perturbation de voirie'", async () => {
    mockDetail(aDetail({ stateId: 2, actions: ['declareRoadDisturbance'] }), ['ROLE_INSTRUCTEUR']);
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    await user.click(button('Déclarer une perturbation de voirie'));
    expect(await dialog('Déclarer une perturbation de voirie')).toBeTruthy();
  });

  it("offers the applicant's works actions, each opening its dialog", async () => {
    mockDetail(aDetail({ stateId: 4, actions: ['requestReception', 'extend', 'cancelWorks'] }), [
      'ROLE_DEMANDEUR',
    ]);
    const { user } = renderApp('/dossiers/k3x9q');
    await heading();
    expect(barButtons()).toEqual(['Demander la réception', 'Prolonger', 'Annuler les travaux']);
    expect(screen.queryByRole('region', { name: 'Courriers' })).toBeNull();
    await user.click(button('Annuler les travaux'));
    const cancel = await dialog('Annuler les travaux');
    await user.click(within(cancel).getByRole('button', { name: 'Non' }));
    await user.click(await screen.findByRole('button', { name: 'Prolonger' }));
    expect(await dialog("Prolongation de l'autorisation des travaux")).toBeTruthy();
  });

  it('opens the appointment choice by itself when appointments are proposed (docs/screens.md)', async () => {
    mockDetail(
      aDetail({
        stateId: 6,
        state: { id: 6, name: 'Rendez-vous proposé' },
        actions: ['chooseAppointment', 'declineAppointments'],
        reception: { id: 3, requestId: 42, rdv1: '2030-03-15T09:30:00.000Z', rdv2: null, rdv3: null },
      }),
      ['ROLE_DEMANDEUR'],
    );
    const { user } = renderApp('/dossiers/k3x9q');
    const choice = await screen.findByRole('dialog', { name: 'Choisir un rendez-vous' }, SLOW);
    expect(within(choice).getByRole('radio', { name: /15\/03\/2030/ })).toBeTruthy();
    await user.click(within(choice).getByRole('button', { name: 'Annuler' }));
    await heading();
    expect(barButtons()).toEqual(['Choisir un rendez-vous']);
  });

  it('lists the reception documents on the page, warning beside a photo taken more than 200 m away', async () => {
    mockDetail(
      aDetail({
        stateId: 7,
        actions: [],
        receptionDocuments: [
          {
            ...aDocument(90, 104, { typeName: 'Photo', nature: 'réception' }),
            lat: 43.7,
            lon: -1.4,
            distanceMetres: 7240,
          },
        ],
      }),
      ['ROLE_INSTRUCTEUR'],
    );
    renderApp('/dossiers/k3x9q');
    await heading();
    const list = screen.getByRole('region', { name: 'Documents de réception' });
    expect(within(list).getByText('Photo prise à 7240 m des travaux (plus de 200 m).')).toBeTruthy();
  });
});
