import { screen, waitFor, within } from '@testing-library/react';
import type { GeometryCollection, Request, Role } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import type { MapViewProps } from '../../map';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { aReception, aStoredRequest } from '../../../test/request-fixtures';
import { aCoordinationReport } from '../coordination/coordination-fixtures';
import { aDocument } from '../model/detail-fixtures';
import { definitionValue } from '../../../test/definition-value';

// The map's canvas is not testable in jsdom: the stand-in shows what the page asks of it.
vi.mock('../../map/components/map-panel', () => ({
  default: ({ ariaLabel, drawKinds = [], shapes, focus, fitShapes, features = [] }: MapViewProps) => (
    <div role="region" aria-label={ariaLabel}>
      <p>Outils : {drawKinds.length}</p>
      <p>Formes : {shapes?.geometries.length ?? 0}</p>
      <p>
        Objets :{' '}
        {features.map((feature) => `${String(feature.id)} (${feature.tone ?? 'default'})`).join(', ')}
      </p>
      {focus && <p>Centre : {focus.lonLat.join(' ')}</p>}
      {fitShapes && <p>Ajustée aux formes</p>}
    </div>
  ),
}));

const SLOW = { timeout: 15_000 };

function mockDetailApi(
  userId: number,
  request: Request = aStoredRequest(),
  roles: Role[] = ['ROLE_DEMANDEUR'],
  routes: Parameters<typeof mockApi>[0] = {},
) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ id: userId, roles })),
    'GET /api/request/k3x9q': ok(request),
    'GET /api/request/999': { status: 404, body: { success: false, message: 'Not Found' } },
    'GET /api/log/request/42': ok([
      {
        id: 1,
        entity: 'request',
        entityId: 42,
        user: { id: userId, firstName: 'Claire', lastName: 'Dupont' },
        email: 'claire@exemple.fr',
        picture: null,
        context: 'Dépôt de la demande',
        loggedAt: '2026-02-20T09:30:00.000Z',
        data: null,
      },
    ]),
    ...routes,
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, SLOW);
const summaryValue = (label: string) => definitionValue(document.body, label);

describe('request page /dossiers/{id}', { timeout: 60_000 }, () => {
  it("shows the request's summary as a definition list and 'Compléter la demande' when the server allows it", async () => {
    mockDetailApi(12, { ...aStoredRequest({ numaffaire: 'AFF-7' }), actions: ['complete'] });
    renderApp('/dossiers/k3x9q');
    expect(await heading('Demande n°42')).toBeTruthy();
    expect(within(screen.getByLabelText('Résumé de la demande')).getAllByRole('definition').length).toBe(8);
    expect(summaryValue('Type de demande')).toBe('Permission de voirie - Réseaux');
    expect(summaryValue('État')).toBe('Transférée en complétude');
    expect(summaryValue('Date de dépôt')).toBe('20/02/2026');
    expect(summaryValue('Adresse des travaux')).toBe('12 Rue des Pins, 40130 Capbreton');
    expect(summaryValue('Demandeur')).toBe('Claire Dupont');
    expect(summaryValue('Numéro affaire')).toBe('AFF-7');
    expect(summaryValue('Début des travaux')).toBe('02/03/2026');
    expect(summaryValue('Fin des travaux')).toBe('06/03/2026');
    expect(screen.getByRole('link', { name: 'Compléter la demande' }).getAttribute('href')).toBe(
      '/updatedossier/k3x9q',
    );
    // The request's history (docs/screens.md "History"), from GET log/request/{id}.
    const history = await screen.findByRole('region', { name: 'Historique' }, SLOW);
    expect(await within(history).findByText('Dépôt de la demande', {}, SLOW)).toBeTruthy();
  });

  it("shows the parcels and roads of the works, the form's works details, the instructor, the operator, and who put each document when", async () => {
    mockDetailApi(
      13,
      aStoredRequest({
        stateId: 3,
        parcels: [
          { id: '40065000AB0012', section: 'AB', numero: '0012', town: 'Capbreton' },
          { id: '40065000ZZ9999', section: null, numero: null, town: null },
        ],
        roadSegments: [
          { id: 1, name: 'Rue des Pins', typevoie: 'Voie communale', numero: null },
          {
            id: 2,
            name: 'Avenue de la Plage',
            typevoie: 'Voie departementale en agglomeration',
            numero: 'D152',
          },
        ],
        instructor: { firstName: 'Julien', lastName: 'Lafitte' },
        operator: { id: 4, libelle: 'Réseaux Sud Landes' },
        cerfa1402301: {
          id: 9,
          themes: 'saillie_surplomb',
          natureWork: 'creation',
          isAccessDevelopment: true,
          ditchCrossing: true,
          pipeDiameter: 300,
          longitudinalTrenchUnderRoad: 12.5,
        },
        documents: [
          {
            ...aDocument(1, 5, { typeName: 'Plan de situation' }),
            uploader: { firstName: 'Claire', lastName: 'Dupont' },
          },
          { ...aDocument(2, 18, { typeName: 'Pièce complémentaire' }), uploader: null },
        ],
      }),
      ['ROLE_INSTRUCTEUR'],
    );
    renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    expect(summaryValue('Instructeur')).toBe('Julien Lafitte');
    expect(summaryValue('Opérateur')).toBe('Réseaux Sud Landes');

    const place = screen.getByRole('region', { name: 'Emprise des travaux' });
    expect(
      within(within(place).getByRole('list', { name: 'Parcelles' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Section AB n° 0012 — Capbreton', '40065000ZZ9999']);
    expect(
      within(within(place).getByRole('list', { name: 'Voies concernées' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Rue des Pins (Voie communale)',
      'D152 Avenue de la Plage (Voie departementale en agglomeration)',
    ]);

    // The form's own wording and labels, only the zones filled in, under the form's sections.
    const works = screen.getByRole('region', { name: 'Détails des travaux' });
    expect(
      within(works)
        .getAllByRole('heading', { level: 3 })
        .map((item) => item.textContent),
    ).toEqual(['Nature des travaux', 'Fossé', 'Tranchées et fonçages (en mètres)']);
    const nature = within(works).getByLabelText('Nature des travaux');
    expect(definitionValue(nature, 'Nature du chantier')).toBe('Création');
    const ditch = within(works).getByLabelText('Fossé');
    expect(definitionValue(ditch, 'Franchissement de fossé')).toBe('Oui');
    expect(definitionValue(ditch, 'Diamètre de la buse (m)')).toBe('300');
    expect(within(works).getByText('12,5')).toBeTruthy();

    const documents = screen.getByRole('region', { name: 'Pièces jointes' });
    expect(
      within(documents)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'piece-1.pdf — Plan de situationDéposé le 20/02/2026 10:00 par Claire Dupont',
      'piece-2.pdf — Pièce complémentaireDéposé le 20/02/2026 10:00',
    ]);
  });

  it('names no instructor to the applicant, and says when the works have no parcel, road or details', async () => {
    mockDetailApi(12, aStoredRequest({ parcels: [], roadSegments: [], cerfa1402301: null }));
    renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    expect(screen.queryByText('Instructeur', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('Opérateur', { selector: 'dt' })).toBeNull();
    const place = screen.getByRole('region', { name: 'Emprise des travaux' });
    expect(within(place).getByText('Aucune parcelle renseignée')).toBeTruthy();
    expect(within(place).getByText("Aucune voie à moins de 30 m de l'emprise dessinée")).toBeTruthy();
    const works = screen.getByRole('region', { name: 'Détails des travaux' });
    expect(within(works).getByText('Aucun détail des travaux renseigné')).toBeTruthy();
  });

  it("opens the editor the spec's editor page asked for (?edition=), then drops it from the address", async () => {
    const { calls } = mockDetailApi(7, aStoredRequest({ stateId: 3 }), ['ROLE_INSTRUCTEUR'], {
      'GET /api/document/93/editor': {
        status: 409,
        body: { success: false, code: 'STATE_CONFLICT', message: 'Action impossible dans cet état.' },
      },
    });
    const { router } = renderApp('/dossiers/k3x9q?edition=93');
    await heading('Demande n°42');
    expect(
      await screen.findByText("Erreur lors de l'ouverture du courrier : Action impossible dans cet état."),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/document/93/editor')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.pathname).toBe('/dossiers/k3x9q');
  });

  it("says 'En signature', marks empty values, and names a company petitioner with its agent", async () => {
    mockDetailApi(
      13,
      aStoredRequest({
        stateId: 3,
        state: { id: 3, name: 'Déposée' },
        sendToSign: true,
        dateStart: null,
        dateEnd: null,
        petitioner: {
          ...aStoredRequest().petitioner!,
          firstName: null,
          lastName: null,
          corporationName: 'TP Landes',
          corporationAgent: 'Marc Roux',
        },
      }),
    );
    renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    expect(summaryValue('État')).toBe('En signature');
    expect(summaryValue('Demandeur')).toBe('TP Landes - Marc Roux');
    expect(summaryValue('Numéro affaire')).toBe('—Non renseigné');
    expect(summaryValue('Début des travaux')).toBe('—Non renseigné');
  });

  it('titles an extension after its original, which opens in a new tab by its page id', async () => {
    mockDetailApi(
      13,
      aStoredRequest({
        id: 50,
        linkedRequests: { original: { id: 42, publicId: 'a1b2c', stateId: 10 }, extension: null },
      }),
    );
    renderApp('/dossiers/k3x9q');
    await heading('Prolongation de la demande n°42');
    const link = screen.getByRole('link', { name: "Ouvrir la demande d'origine n°42 (nouvel onglet)" });
    expect(link.getAttribute('href')).toBe('/dossiers/a1b2c');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('links an extended request (state 10) to its extension', async () => {
    mockDetailApi(
      13,
      aStoredRequest({
        stateId: 10,
        state: { id: 10, name: 'Prolongée' },
        linkedRequests: { original: null, extension: { id: 51, publicId: 'x9y8z', stateId: 3 } },
      }),
    );
    renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    const link = screen.getByRole('link', { name: 'Ouvrir la prolongation n°51 (nouvel onglet)' });
    expect(link.getAttribute('href')).toBe('/dossiers/x9y8z');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("shows the reception's outcome, the managers and the comments", async () => {
    mockDetailApi(
      13,
      aStoredRequest({
        stateId: 12,
        state: { id: 12, name: 'Réception refusée' },
        reception: aReception({
          id: 3,
          requestId: 42,
          option: 'Photos',
          avis: 'refusé',
          dateVisite: '2026-12-02',
          motifRefus: ['joints'],
        }),
      }),
      ['ROLE_DEMANDEUR'],
      {
        'GET /api/request/42/managers': ok({
          instructor: { id: 5, name: 'Paul Instructeur', email: 'paul@exemple.fr' },
          roadManagers: [],
        }),
        'GET /api/request/42/comments': ok([
          {
            at: '2026-12-02T13:00:00.000Z',
            author: 'Paul Instructeur',
            context: 'Réception refusée',
            text: 'À reprendre.',
          },
        ]),
      },
    );
    const { user } = renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    const reception = screen.getByRole('region', { name: 'Réception des travaux' });
    expect(summaryValue('Motifs de refus')).toBe("Les joints n'ont pas été scellés à l'émulsion de bitume.");
    expect(within(reception).getByText('02/12/2026')).toBeTruthy();
    const managers = await screen.findByRole('region', { name: 'Gestionnaires' }, SLOW);
    expect(within(managers).getByText('Paul Instructeur', { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Commentaires' }));
    const comments = await screen.findByRole('dialog', { name: 'Commentaires' });
    expect(await within(comments).findByText('À reprendre.')).toBeTruthy();
  });

  it('shows the shapes on a map without drawing, fitted onto them, hidden and shown again', async () => {
    const theGeom: GeometryCollection = {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [-1.5, 43.6] },
        {
          type: 'LineString',
          coordinates: [
            [-1.4, 43.6],
            [-1.2, 43.6],
          ],
        },
      ],
    };
    mockDetailApi(13, aStoredRequest({ theGeom }));
    const { user } = renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    const map = await screen.findByRole('region', { name: 'Carte de localisation de la demande' }, SLOW);
    expect(within(map).getByText('Outils : 0')).toBeTruthy();
    expect(within(map).getByText('Formes : 2')).toBeTruthy();
    // The map fits every shape itself (fitTargetOfShapes, tested with the map); no delayed centring.
    expect(within(map).getByText('Ajustée aux formes')).toBeTruthy();
    expect(within(map).queryByText(/^Centre/)).toBeNull();

    const toggle = screen.getByRole('button', { name: 'Masquer la carte' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Carte de localisation de la demande' })).toBeNull();
    const show = screen.getByRole('button', { name: 'Afficher la carte' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await user.click(show);
    expect(
      await screen.findByRole('region', { name: 'Carte de localisation de la demande' }, SLOW),
    ).toBeTruthy();
  });

  it('shows an instructor the coordination of works: the section, and the other works on the map with a legend', async () => {
    mockDetailApi(7, aStoredRequest({ stateId: 3 }), ['ROLE_INSTRUCTEUR'], {
      'GET /api/request/42/conflicts': ok(aCoordinationReport()),
    });
    renderApp('/dossiers/k3x9q');
    const section = await screen.findByRole('region', { name: 'Coordination des travaux' }, SLOW);
    expect(
      await within(section).findByRole('table', { name: '2 autres chantiers en conflit' }, SLOW),
    ).toBeTruthy();
    const map = screen.getByRole('region', { name: 'Carte de localisation de la demande' });
    expect(within(map).getByText(/^Objets :/).textContent).toBe(
      'Objets : resurfacing-reception-33 (resurfacing), conflict-57 (conflict), conflict-61 (conflict)',
    );
    const legend = screen.getByRole('list', { name: 'Légende de la carte' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Emprise de la demande', 'Autres travaux en conflit', 'Voie refaite récemment']);
  });

  it('never asks an applicant for the conflicts: they are other people’s requests', async () => {
    const { calls } = mockDetailApi(12, aStoredRequest({ stateId: 3 }));
    renderApp('/dossiers/k3x9q');
    expect(await heading('Demande n°42')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Coordination des travaux' })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/conflicts'))).toBe(false);
  });

  it("goes back to the list with 'Retour à la liste'", async () => {
    mockDetailApi(13);
    const { router } = renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    expect(screen.getByRole('link', { name: 'Retour à la liste' }).getAttribute('href')).toBe('/dossiers');
    expect(router.state.location.pathname).toBe('/dossiers/k3x9q');
  });

  it('lists the documents by the spec rules: download links, type 17 in a new window, no hidden or reception types', async () => {
    const documents = [
      aDocument(1, 5, { typeName: 'Plan de situation' }),
      aDocument(2, 17, { typeName: 'Photo' }),
      aDocument(3, 93, { typeName: 'Arrêté' }),
      aDocument(4, 106, { typeName: 'Mise en demeure' }),
      aDocument(5, 108, { typeName: 'PV de réception' }),
      aDocument(6, 97, { typeName: 'Annexe' }),
      aDocument(7, 104, { typeName: 'Photo réception', nature: 'réception' }),
    ];
    mockDetailApi(13, aStoredRequest({ stateId: 2, state: { id: 2, name: 'Brouillon' }, documents }));
    renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    const section = screen.getByRole('region', { name: 'Pièces jointes' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'piece-1.pdf — Plan de situationDéposé le 20/02/2026 10:00',
      'piece-2.pdf — PhotoDéposé le 20/02/2026 10:00',
    ]);
    const download = within(section).getByRole('link', { name: 'Télécharger piece-1.pdf' });
    expect(download.getAttribute('href')).toBe('/api/document/1/file');
    expect(download.hasAttribute('download')).toBe(true);
    const image = within(section).getByRole('link', {
      name: "Ouvrir l'image piece-2.pdf (nouvelle fenêtre)",
    });
    expect(image.getAttribute('target')).toBe('_blank');
    expect(image.getAttribute('rel')).toBe('noopener');
  });

  it('offers the deletion the server allows (canDelete), after a confirmation', async () => {
    const own = { ...aDocument(1, 5, { typeName: 'Photos' }), stdUserId: 12, canDelete: true };
    const other = {
      ...aDocument(2, 18, { typeName: 'Pièce complémentaire' }),
      stdUserId: 99,
      canDelete: false,
    };
    const order = {
      ...aDocument(3, 20, { typeName: 'Arrêté de décision' }),
      stdUserId: 12,
      canDelete: false,
    };
    const { calls } = mockDetailApi(
      12,
      aStoredRequest({ documents: [own, other, order] }),
      ['ROLE_DEMANDEUR'],
      {
        'DELETE /api/document/1': ok(
          aStoredRequest({ documents: [other, order] }),
          'La pièce a été supprimée.',
        ),
      },
    );
    const { user } = renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    const section = screen.getByRole('region', { name: 'Pièces jointes' });
    expect(
      within(section)
        .getAllByRole('button', { name: /^Supprimer/ })
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Supprimer piece-1.pdf']);

    await user.click(within(section).getByRole('button', { name: 'Supprimer piece-1.pdf' }));
    let confirm = await screen.findByRole('dialog', { name: 'Supprimer la pièce' });
    expect(
      within(confirm).getByText('Êtes-vous sûr de vouloir supprimer la pièce « piece-1.pdf » ?'),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Supprimer la pièce' })).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(section).getByRole('button', { name: 'Supprimer piece-1.pdf' }));
    confirm = await screen.findByRole('dialog', { name: 'Supprimer la pièce' });
    await user.click(within(confirm).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('La pièce a été supprimée.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/document/1')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Supprimer la pièce' })).toBeNull());
    expect(within(section).queryByRole('link', { name: 'Télécharger piece-1.pdf' })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Télécharger piece-2.pdf' })).toBeTruthy();
  });

  it('offers no deletion the server does not allow', async () => {
    const own = { ...aDocument(1, 5, { typeName: 'Photos' }), stdUserId: 12, canDelete: false };
    const order = { ...aDocument(3, 20, { typeName: 'Arrêté de décision' }), stdUserId: 12 };
    const granted = aStoredRequest({
      stateId: 4,
      state: { id: 4, name: 'Travaux' },
      documents: [own, order],
    });
    mockDetailApi(12, granted);
    renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    expect(screen.queryByRole('button', { name: /^Supprimer/ })).toBeNull();
  });

  it('lets an admin delete a piece but not an act (the server says which)', async () => {
    const own = { ...aDocument(1, 5, { typeName: 'Photos' }), stdUserId: 12, canDelete: true };
    const order = {
      ...aDocument(3, 2021, { typeName: 'Arrêté de police de la circulation signé' }),
      canDelete: false,
    };
    mockDetailApi(1, aStoredRequest({ stateId: 4, documents: [own, order] }), ['ROLE_ADMIN']);
    renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    expect(screen.getByRole('button', { name: 'Supprimer piece-1.pdf' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Supprimer piece-3.pdf' })).toBeNull();
  });

  it('shows the decision annex to an instructor in state 2', async () => {
    mockDetailApi(13, aStoredRequest({ stateId: 2, documents: [aDocument(6, 97, { typeName: 'Annexe' })] }), [
      'ROLE_INSTRUCTEUR',
    ]);
    renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    expect(screen.getByRole('link', { name: 'Télécharger piece-6.pdf' })).toBeTruthy();
  });

  it('says when there is no document', async () => {
    mockDetailApi(13, aStoredRequest({ documents: [aDocument(3, 93, { typeName: 'Arrêté' })] }));
    renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    expect(screen.getByText("Vous n'avez pas déposé de pièce pour le moment")).toBeTruthy();
  });

  it('offers no completion when the server does not list it, and says when the request is not found', async () => {
    mockDetailApi(13);
    const { router } = renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    expect(screen.queryByRole('link', { name: 'Compléter la demande' })).toBeNull();
    await router.navigate({ to: '/dossiers/$id', params: { id: '999' } });
    expect(
      await screen.findByText("Cette demande n'existe pas ou vous n'y avez pas accès.", {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la liste' })).toBeTruthy();
  });
});
