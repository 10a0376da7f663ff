import { screen, within } from '@testing-library/react';
import type { PublicAct, PublicActsPage } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aConfig } from '../../../test/fixtures';
import { mockApi, queryOf } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const SHA = 'a3f1'.repeat(16);

function anAct(overrides: Partial<PublicAct> = {}): PublicAct {
  return {
    number: '2026-0012',
    natureLabel: 'Arrêté de police de la circulation',
    subject: 'Circulation alternée rue des Mimosas',
    town: 'Capbreton',
    signedAt: '2026-11-30T12:50:00.000Z',
    publishedAt: '2026-11-30T13:05:00.000Z',
    signatory: 'Marie Durand, vice-présidente',
    sha256: SHA,
    size: 12_345,
    pdfa: true,
    sealed: true,
    late: false,
    pdfUrl: '/api/public/acts/2026-0012/pdf',
    ...overrides,
  };
}

const ok = <T,>(data: T) => ({ body: { success: true, message: '', data } });

function aPage(data: PublicAct[], overrides: Partial<PublicActsPage> = {}): PublicActsPage {
  return { data, total: data.length, page: 1, pages: 1, towns: ['Capbreton', 'Seignosse'], ...overrides };
}

const config = { 'GET /api/config': ok(aConfig()) };

describe('the published acts (/actes)', () => {
  it('opens from the sign-in page without a session and lists the acts, newest first', async () => {
    const { calls } = mockApi({
      ...config,
      'GET /api/public/acts': ok(
        aPage([anAct(), anAct({ number: '2026-0011', town: 'Seignosse', subject: 'Route barrée' })]),
      ),
    });
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Actes publiés' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Actes publiés' })).toBeTruthy();
    expect(document.title).toBe('Portail voirie - Actes publiés');
    const table = await screen.findByRole('table', { name: 'Actes publiés, les plus récents d’abord' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '2026-0012Circulation alternée rue des MimosasCapbretonPublié le 30 novembre 2026 à 14 h 05',
      '2026-0011Route barréeSeignossePublié le 30 novembre 2026 à 14 h 05',
    ]);
    expect(within(table).getByRole('link', { name: 'Arrêté n° 2026-0012' }).getAttribute('href')).toBe(
      '/actes/2026-0012',
    );
    expect(calls.map((call) => call.path)).not.toContain('/api/userConnected');
  });

  it('searches by text and town, says when nothing matches, and pages', async () => {
    const { calls } = mockApi({
      ...config,
      'GET /api/public/acts': (call) =>
        queryOf(call).get('q')
          ? ok(aPage([]))
          : ok(aPage([anAct()], { total: 25, pages: 2, page: Number(queryOf(call).get('page') ?? 1) })),
    });
    const { user } = renderApp('/actes');
    await screen.findByText('25 actes publiés');
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(queryOf(calls.at(-1)).get('page')).toBe('2');
    await user.selectOptions(screen.getByLabelText('Commune'), 'Seignosse');
    expect(queryOf(calls.at(-1)).get('town')).toBe('Seignosse');
    expect(queryOf(calls.at(-1)).get('page')).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un acte' }), 'Mimosas');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('Aucun acte publié ne correspond à la recherche.')).toBeTruthy();
    expect(queryOf(calls.at(-1)).get('q')).toBe('Mimosas');
    expect(queryOf(calls.at(-1)).get('town')).toBe('Seignosse');
  });
});

describe('the page of a published act (/actes/{number})', () => {
  it('shows its publication, signatory, SHA-256, seal and PDF', async () => {
    mockApi({ ...config, 'GET /api/public/acts/2026-0012': ok(anAct({ late: true })) });
    renderApp('/actes/2026-0012');
    expect(await screen.findByRole('heading', { level: 1, name: 'Arrêté n° 2026-0012' })).toBeTruthy();
    expect(
      await screen.findByText('Publié sous forme électronique le 30 novembre 2026 à 14 h 05'),
    ).toBeTruthy();
    expect(document.title).toBe('Portail voirie - Arrêté n° 2026-0012');
    expect(screen.getByText('Circulation alternée rue des Mimosas')).toBeTruthy();
    expect(screen.getByText('Capbreton')).toBeTruthy();
    expect(screen.getByText('Marie Durand, vice-présidente')).toBeTruthy();
    expect(screen.getByText('Empreinte SHA-256')).toBeTruthy();
    expect(screen.getByText(SHA).tagName).toBe('CODE');
    expect(screen.getByText('Document scellé par le cachet électronique de la collectivité')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Publié après la date de début des travaux prévue');
    expect(screen.getByRole('link', { name: 'Télécharger l’acte (PDF)' }).getAttribute('href')).toBe(
      '/api/public/acts/2026-0012/pdf',
    );
  });

  it('says when an act is not sealed and shows no signatory it was not given', async () => {
    mockApi({
      ...config,
      'GET /api/public/acts/2026-0013': ok(anAct({ number: '2026-0013', sealed: false, signatory: null })),
    });
    renderApp('/actes/2026-0013');
    expect(await screen.findByText('Document non scellé')).toBeTruthy();
    expect(screen.queryByText('Signataire')).toBeNull();
  });

  it('an act not published: says so, with a way back to the list', async () => {
    mockApi({
      ...config,
      'GET /api/public/acts/2026-9999': {
        status: 404,
        body: { success: false, code: 'NOT_FOUND', message: 'Aucun acte publié ne porte ce numéro.' },
      },
    });
    renderApp('/actes/2026-9999');
    expect(await screen.findByText('Cet acte n’est pas publié.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Actes publiés' }).getAttribute('href')).toBe('/actes');
  });
});
