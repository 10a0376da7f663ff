import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithQuery } from '../../../test/render-with-query';
import { ManagersBlock } from './managers-block';
import { definitionValue } from '../../../test/definition-value';

const value = (label: string) => definitionValue(document.body, label);

describe('managers block', { timeout: 30_000 }, () => {
  it('names the instructor and every road manager, each with a mail link', async () => {
    mockApi({
      'GET /api/request/42/managers': ok({
        instructor: { id: 5, name: 'Paul Instructeur', email: 'paul@exemple.fr' },
        roadManagers: [
          { id: 8, name: 'Marie Voirie', email: 'marie@exemple.fr' },
          { id: 9, name: 'Luc Routes', email: 'luc@exemple.fr' },
        ],
      }),
    });
    renderWithQuery(<ManagersBlock requestId={42} />);
    const block = await screen.findByRole('region', { name: 'Gestionnaires' });
    expect(value('Instructeur')).toBe('Paul Instructeur (paul@exemple.fr)');
    const managers = within(block)
      .getAllByRole('definition')
      .slice(1)
      .map((item) => item.textContent);
    expect(managers).toEqual(['Marie Voirie (marie@exemple.fr)', 'Luc Routes (luc@exemple.fr)']);
    expect(
      within(block).getByRole('link', { name: 'luc@exemple.fr : écrire à Luc Routes' }).getAttribute('href'),
    ).toBe('mailto:luc@exemple.fr');
  });

  it('says when there is no instructor or road manager', async () => {
    mockApi({ 'GET /api/request/42/managers': ok({ instructor: null, roadManagers: [] }) });
    renderWithQuery(<ManagersBlock requestId={42} />);
    await screen.findByRole('region', { name: 'Gestionnaires' });
    expect(value('Instructeur')).toBe('Aucun instructeur attribué');
    expect(value('Gestionnaires de voirie')).toBe('Aucun gestionnaire de voirie');
  });
});
