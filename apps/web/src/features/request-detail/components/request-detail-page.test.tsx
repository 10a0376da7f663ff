import { screen, within } from '@testing-library/react';
import type { GeometryCollection, Request, Role } from '@voirie/domain';
import { describe, expect, it, vi } from 'vitest';
import type { MapViewProps } from '../../map';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { aStoredRequest } from '../../filing-wizard/model/wizard-fixtures';
import { aDocument } from '../model/detail-fixtures';

// The map's canvas is not testable in jsdom: the stand-in shows what the page asks of it.
vi.mock('../../map/components/map-panel', () => ({
  default: ({ ariaLabel, drawKinds = [], shapes, focus }: MapViewProps) => (
    <div role="region" aria-label={ariaLabel}>
      <p>Outils : {drawKinds.length}</p>
      <p>Formes : {shapes?.geometries.length ?? 0}</p>
      {focus && <p>Centre : {focus.lonLat.join(' ')}</p>}
    </div>
  ),
}));

const SLOW = { timeout: 15_000 };

function mockDetailApi(
  userId: number,
  request: Request = aStoredRequest(),
  roles: Role[] = ['ROLE_DEMANDEUR'],
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
  });
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, SLOW);
// The value read with a label: the <dd> right after its <dt>.
const summaryValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('request page /dossiers/{id}', { timeout: 60_000 }, () => {
  it("shows the request's summary as a definition list and 'Compléter la demande' when the server allows it", async () => {
    mockDetailApi(12, { ...aStoredRequest({ numaffaire: 'AFF-7' }), actions: ['complete'] });
    renderApp('/dossiers/k3x9q');
    expect(await heading('Demande n°42')).toBeTruthy();
    expect(screen.getAllByRole('definition').length).toBe(8);
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
    // The request's history (spec 2 §2.6), from GET log/request/{id}.
    const history = await screen.findByRole('region', { name: 'Historique' }, SLOW);
    expect(await within(history).findByText('Dépôt de la demande', {}, SLOW)).toBeTruthy();
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

  it('titles an extension after its original, which opens in a new tab', async () => {
    mockDetailApi(13, aStoredRequest({ id: 50, extensionid: 42 }));
    renderApp('/dossiers/k3x9q');
    await heading('Prolongation de la demande n°42');
    const link = screen.getByRole('link', { name: "Ouvrir la demande d'origine n°42 (nouvel onglet)" });
    expect(link.getAttribute('href')).toBe('/dossiers/42');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('links an extended request to its extension', async () => {
    mockDetailApi(
      13,
      aStoredRequest({ stateId: 10, state: { id: 10, name: 'Prolongée' }, extensionRequest: { id: 51 } }),
    );
    renderApp('/dossiers/k3x9q');
    await heading('Demande n°42');
    expect(
      screen
        .getByRole('link', { name: 'Ouvrir la prolongation n°51 (nouvel onglet)' })
        .getAttribute('target'),
    ).toBe('_blank');
  });

  it('shows the shapes on a map without drawing, centred on them after 3 s, hidden and shown again', async () => {
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
    expect(within(map).queryByText(/^Centre/)).toBeNull();
    expect(await within(map).findByText('Centre : -1.35 43.6', {}, { timeout: 6000 })).toBeTruthy();

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
      'piece-1.pdf — Plan de situation',
      'piece-2.pdf — Photo',
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
