import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { coordinationFeatures, coordinationPopup } from './coordination-features';
import { aCoordinationReport } from './coordination-fixtures';
import { CoordinationSection } from './coordination-section';

describe('CoordinationSection', () => {
  it('lists the works in conflict in a captioned table, each request a link, and the recent resurfacing', () => {
    renderWithQuery(<CoordinationSection requestId={42} report={aCoordinationReport()} isError={false} />);
    const section = screen.getByRole('region', { name: 'Coordination des travaux' });
    expect(
      within(section).getByText(/à moins de 50 m dont les dates de travaux se chevauchent/),
    ).toBeTruthy();
    const table = within(section).getByRole('table', { name: '2 autres chantiers en conflit' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Demande n°', 'Dates des travaux', 'Distance (m)', 'Chevauchement (jours)', 'État']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['du 05/06/2026 au 22/06/2026', '20,4', '11', 'En attente de réception'],
      ['le 20/06/2026', '0', '1', 'Transférée pour instruction'],
    ]);
    const link = within(rows[0]!).getByRole('link', { name: 'Demande n° 57' });
    expect(link.getAttribute('href')).toBe('/dossiers/b9a3c7e2-0000-4000-8000-000000000057');
    expect(link.getAttribute('target')).toBe('_blank');
    const resurfacings = within(section).getByRole('list', { name: 'Réfections récentes à proximité' });
    expect(within(resurfacings).getByRole('link').textContent).toBe(
      'Travaux réceptionnés, demande n° 33 : réfection en pleine largeur, refaite le 14/08/2025 (à 0 m)',
    );
    expect(within(section).getByRole('list', { name: 'Recherches enregistrées' }).textContent).toMatch(
      /^Au dépôt : 20\/05\/2026 10:15 — 2 conflits$/,
    );
  });

  it('« Rechercher les conflits » searches again and shows what was found', async () => {
    const found = aCoordinationReport({
      conflicts: [],
      resurfacings: [],
      checks: [
        ...aCoordinationReport().checks,
        {
          trigger: 'demand',
          checkedAt: '2026-05-21T14:00:00.000Z',
          checkedBy: 'Julien Lafitte',
          conflictCount: 0,
          resurfacingCount: 0,
        },
      ],
    });
    const { calls } = mockApi({ 'POST /api/request/42/conflicts': ok(found, 'Aucun conflit trouvé.') });
    const { queryClient, user } = renderWithQuery(
      <CoordinationSection requestId={42} report={aCoordinationReport()} isError={false} />,
    );
    await user.click(screen.getByRole('button', { name: 'Rechercher les conflits' }));
    await waitFor(() => expect(queryClient.getQueryData(['request', '42', 'conflicts'])).toEqual(found));
    expect(calls).toEqual([
      { method: 'POST', path: '/api/request/42/conflicts', body: { trigger: 'demand' } },
    ]);
  });

  it('a road manager reads without searching; a request without conflicts says so', () => {
    renderWithQuery(
      <CoordinationSection
        requestId={42}
        report={aCoordinationReport({
          conflicts: [],
          resurfacings: [],
          checks: [],
          abilities: { search: false },
        })}
        isError={false}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Rechercher les conflits' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/Aucun conflit/)).toBeTruthy();
  });

  it('says when a list was cut at the most shown, and only then', () => {
    renderWithQuery(
      <CoordinationSection requestId={42} report={aCoordinationReport({ limited: true })} isError={false} />,
    );
    expect(
      screen.getByText(
        'Seuls les 100 chantiers les plus proches et les 100 réfections les plus récentes sont affichés.',
      ),
    ).toBeTruthy();
    cleanup();
    renderWithQuery(<CoordinationSection requestId={42} report={aCoordinationReport()} isError={false} />);
    expect(screen.queryByText(/les plus proches/)).toBeNull();
  });

  it('a failed search is said, not hidden', () => {
    renderWithQuery(<CoordinationSection requestId={42} report={undefined} isError />);
    expect(screen.getByText("La recherche des conflits n'a pas pu être faite.")).toBeTruthy();
  });
});

describe('the map of a request in conflict', () => {
  it('draws the conflicting footprints and the resurfacing in their tones, with their popups', () => {
    const report = aCoordinationReport();
    const features = coordinationFeatures(report);
    expect(features.map((feature) => [feature.id, feature.tone])).toEqual([
      ['resurfacing-reception-33', 'resurfacing'],
      ['conflict-57', 'conflict'],
      ['conflict-61', 'conflict'],
    ]);
    expect(coordinationPopup(report, 'conflict-57')).toEqual({
      title: 'Demande n° 57 (travaux en conflit)',
      lines: ['du 05/06/2026 au 22/06/2026', 'Distance (m) : 20,4', 'En attente de réception'],
      warning: true,
    });
    expect(coordinationPopup(report, 'resurfacing-reception-33')?.title).toBe('Voie refaite récemment');
    expect(coordinationPopup(report, 'photo-3')).toBeNull();
    expect(coordinationFeatures(undefined)).toEqual([]);
  });
});
