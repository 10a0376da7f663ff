import { screen, within } from '@testing-library/react';
import type { Request } from '@voirie/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aConfig, aUser, ok } from '../../../test/fixtures';
import { mockApi, signInCookie } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { aStoredRequest } from '../../../test/request-fixtures';

const SLOW = { timeout: 15_000 };
const PDF_URL = '/api/request/42/pdf/14023/file';

function mockCerfaApi(request: Request = aStoredRequest()) {
  signInCookie();
  return mockApi({
    'GET /api/config': ok(aConfig()),
    'GET /api/userConnected': ok(aUser({ id: 12 })),
    'GET /api/request/k3x9q': ok(request),
    'GET /api/request/999': { status: 404, body: { success: false, message: 'Not Found' } },
    'GET /api/request/42/pdf/14023': ok(null, PDF_URL),
  });
}

/** A numbered section of the form: a region named by its heading. */
const section = (name: string) => screen.getByRole('region', { name });
const valueOf = (group: HTMLElement, label: string) =>
  within(group).getByLabelText<HTMLInputElement>(label).value;

afterEach(() => vi.unstubAllGlobals());

describe('cerfa replicas /cerfa/{type}/{id}', { timeout: 60_000 }, () => {
  it('shows the 14023 with the applicant, the site, the dates and the works fields, read-only', async () => {
    mockCerfaApi(
      aStoredRequest({
        numberDays: 5,
        cerfa1402301: {
          ...aStoredRequest().cerfa1402301!,
          trackWidth: 6.5,
          networkConnection: 'eau_potable,edf',
        },
      }),
    );
    renderApp('/cerfa/14023/k3x9q');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Formulaire Cerfa n°14023' }, SLOW),
    ).toBeTruthy();
    expect(
      await screen.findByText(/Demande de permission ou d’autorisation de voirie/, {}, SLOW),
    ).toBeTruthy();
    const applicant = section('1 - Le demandeur');
    expect(within(applicant).getByRole('checkbox', { name: 'Particulier' })).toHaveProperty('checked', true);
    expect(valueOf(applicant, 'Nom')).toBe('Dupont');
    expect(valueOf(applicant, 'Courriel')).toBe('claire.dupont@example.fr');
    expect(within(applicant).getByLabelText('Nom')).toHaveProperty('readOnly', true);
    const site = section('3 - Localisation des travaux');
    expect(valueOf(site, 'Nom de la voie')).toBe('des Pins');
    expect(valueOf(site, 'Localité')).toBe('Capbreton');
    expect(
      within(site).getByRole('checkbox', { name: 'Voie communale / Voie intercommunale' }),
    ).toHaveProperty('checked', true);
    expect(valueOf(site, 'Autres adresses')).toBe('Avenue de la Plage 40130 Capbreton');
    const dates = section('4 - Dates des travaux');
    expect(valueOf(dates, 'Date de début des travaux')).toBe('02/03/2026');
    expect(valueOf(dates, 'Date de fin des travaux')).toBe('06/03/2026');
    expect(valueOf(dates, 'Durée des travaux (en jours calendaires)')).toBe('5');
    expect(
      within(section('5 - Nature des travaux')).getByRole('checkbox', { name: 'Saillie / surplomb' }),
    ).toHaveProperty('checked', true);
    expect(valueOf(section('7 - Dimensions (en mètres)'), 'Largeur de la chaussée (m)')).toBe('6,5');
    const ditch = section('8 - Fossé');
    expect(within(ditch).getByRole('checkbox', { name: 'Franchissement de fossé' })).toHaveProperty(
      'checked',
      true,
    );
    expect(valueOf(ditch, 'Diamètre de la buse (m)')).toBe('300');
    const networks = within(section('10 - Réseaux')).getByRole('group', { name: 'Raccordement aux réseaux' });
    expect(within(networks).getByRole('checkbox', { name: 'Eau potable' })).toHaveProperty('checked', true);
    expect(within(networks).getByRole('checkbox', { name: 'Gaz' })).toHaveProperty('checked', false);
    expect(valueOf(section('15 - Attestation et signature'), 'Fait à')).toBe('Capbreton');
  });

  it("shows the 14024's sections, from the request and its 14024 form", async () => {
    mockCerfaApi({
      ...aStoredRequest({
        wayType: 'Route départementale',
        wayNum: '652',
        milestoneStart1: '12',
        milestoneStart2: '300',
      }),
      cerfa14024: {
        directionTraffic: 'Fermeture à la circulation',
        moveTruck: true,
        limitedSpeed: 30,
        signageBy: 'entreprise',
        gestSignageCorporationName: 'Signa Sud',
      },
    } as Request);
    renderApp('/cerfa/14024/k3x9q');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Formulaire Cerfa n°14024' }, SLOW),
    ).toBeTruthy();
    expect(await screen.findByText(/Demande d’arrêté de police de la circulation/, {}, SLOW)).toBeTruthy();
    expect(valueOf(section('1 - Le demandeur'), 'Prénom')).toBe('Claire');
    const site = section('3 - Localisation du site concerné par la demande');
    expect(valueOf(site, 'Route départementale n°')).toBe('652');
    expect(valueOf(site, 'Point de Repère (PR) routier d’origine d’application')).toBe('12 + 300');
    expect(valueOf(section('4 - Nature et date des travaux'), 'Date prévue de début des travaux')).toBe(
      '02/03/2026',
    );
    const rules = section('5 - Réglementation souhaitée');
    expect(within(rules).getByRole('checkbox', { name: 'Fermeture à la circulation' })).toHaveProperty(
      'checked',
      true,
    );
    const moving = within(rules).getByRole('group', { name: 'Interdiction de circuler' });
    expect(within(moving).getByRole('checkbox', { name: 'Poids lourds' })).toHaveProperty('checked', true);
    expect(within(moving).getByRole('checkbox', { name: 'Véhicules légers' })).toHaveProperty(
      'checked',
      false,
    );
    expect(valueOf(rules, 'Vitesse limitée à (km/h)')).toBe('30');
    const signage = screen.getByRole('region', {
      name: /^6 - La pose, le maintien ou le retrait de la signalisation spécifique au chantier/,
    });
    expect(within(signage).getByRole('checkbox', { name: 'Une entreprise spécialisée' })).toHaveProperty(
      'checked',
      true,
    );
    expect(valueOf(signage, 'Dénomination')).toBe('Signa Sud');
    expect(section('7 - Pièces jointes à la demande')).toBeTruthy();
    // The eight sections of the official form, numbered, each under its heading.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '1 - Le demandeur',
      '2 - Si le bénéficiaire est différent du demandeur',
      '3 - Localisation du site concerné par la demande',
      '4 - Nature et date des travaux',
      '5 - Réglementation souhaitée',
      '6 - La pose, le maintien ou le retrait de la signalisation spécifique au chantier sont effectués par',
      '7 - Pièces jointes à la demande',
      '8 - Attestation et signature',
    ]);
    expect(screen.getByText('Code de la route L411-1 à L411-7')).toBeTruthy();
  });

  it('fills the 14024 from the request when the works cross the roadway', async () => {
    const request = aStoredRequest({ project: 'Traversée de chaussée pour un branchement', numberDays: 4 });
    mockCerfaApi({ ...request, cerfa1402301: { ...request.cerfa1402301!, transverseTrenchUnderRoad: 8 } });
    renderApp('/cerfa/14024/k3x9q');
    await screen.findByRole('heading', { level: 2, name: '1 - Le demandeur' }, SLOW);
    expect(valueOf(section('4 - Nature et date des travaux'), 'Description des travaux')).toBe(
      'Traversée de chaussée pour un branchement',
    );
    const rules = section('5 - Réglementation souhaitée');
    expect(valueOf(rules, 'Durée de la réglementation (en jours calendaires)')).toBe('4');
    expect(within(rules).getByRole('checkbox', { name: 'Empiètement sur chaussée' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('shows the 14024 as filed: its values over those the request would give', async () => {
    const request = aStoredRequest({ numberDays: 5 });
    mockCerfaApi({
      ...request,
      cerfa1402301: { ...request.cerfa1402301!, longitudinalTrenchUnderRoad: 20 },
      cerfa14024: { durationRegulation: 3, encroachmentRoadway: false, workDescription: 'Tranchée' },
    } as Request);
    renderApp('/cerfa/14024/k3x9q');
    await screen.findByRole('heading', { level: 2, name: '1 - Le demandeur' }, SLOW);
    expect(valueOf(section('4 - Nature et date des travaux'), 'Description des travaux')).toBe('Tranchée');
    const rules = section('5 - Réglementation souhaitée');
    expect(valueOf(rules, 'Durée de la réglementation (en jours calendaires)')).toBe('3');
    expect(within(rules).getByRole('checkbox', { name: 'Empiètement sur chaussée' })).toHaveProperty(
      'checked',
      false,
    );
    // What the applicant left empty comes from the request.
    expect(valueOf(rules, 'Date de début de réglementation')).toBe('02/03/2026');
  });

  it('the 14023 of a permission filed with its alignment request says so in a line', async () => {
    mockCerfaApi(
      aStoredRequest({
        alignementId: 5,
        individualAlignmentRequest: { id: 5, reasonRequest: 'Real cloture' },
      }),
    );
    renderApp('/cerfa/14023/k3x9q');
    expect(
      await screen.findByText(
        /^Une demande d'alignement individuel est jointe à cette demande \(motif : /,
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });

  it('offers no 14024 for works off the carriageway', async () => {
    mockCerfaApi(aStoredRequest());
    renderApp('/cerfa/14024/k3x9q');
    expect(await screen.findByText(/ne concerne que les travaux sur la chaussée/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Imprimer' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('says so when the request is not visible', async () => {
    mockCerfaApi();
    renderApp('/cerfa/14024/999');
    await screen.findByRole('heading', { level: 1, name: 'Formulaire Cerfa n°14024' }, SLOW);
    expect(
      await screen.findByText("Cette demande n'existe pas ou vous n'y avez pas accès.", {}, SLOW),
    ).toBeTruthy();
  });

  it("'Imprimer' asks for the PDF and opens its address in a new window, or says it could not", async () => {
    const { calls } = mockCerfaApi();
    const open = vi.fn<typeof window.open>(() => ({ opener: window }) as unknown as Window);
    vi.stubGlobal('open', open);
    const { user } = renderApp('/cerfa/14023/k3x9q');
    await user.click(await screen.findByRole('button', { name: 'Imprimer' }, SLOW));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith(PDF_URL, '_blank'));
    expect(calls.some((call) => call.path === '/api/request/42/pdf/14023')).toBe(true);
    open.mockReturnValue(null);
    await user.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(await screen.findByText("Impossible d'ouvrir une nouvelle fenêtre.", {}, SLOW)).toBeTruthy();
  });
});
