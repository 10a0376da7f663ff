import { render, screen, within } from '@testing-library/react';
import type { RequestDetail } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { hasLegalClock } from '../model/legal-clock';
import { LegalClockSection } from './legal-clock-section';
import { definitionValue as valueOf } from '../../../test/definition-value';

type Clock = Pick<RequestDetail, 'clock' | 'clockEvents'>;

const OVERDUE: Clock = {
  clock: {
    ruleId: 'permission',
    ruleLabel: 'Permission de voirie',
    status: 'overdue',
    statusLabel: 'Dépassée',
    startedOn: '2026-12-05',
    deadlineOn: '2027-02-05',
    daysLeft: -3,
    implicitDecisionOn: '2027-02-05',
    implicitDecisionText: 'Décision implicite de rejet le 05/02/2027',
  },
  clockEvents: [
    {
      kind: 'started',
      label: 'Délai démarré (dossier déposé)',
      onDate: '2026-11-26',
      deadlineOn: '2027-01-26',
    },
    { kind: 'suspended', label: 'Délai suspendu (pièces demandées)', onDate: '2026-11-28', deadlineOn: null },
    {
      kind: 'restarted',
      label: 'Délai redémarré (pièces reçues)',
      onDate: '2026-12-05',
      deadlineOn: '2027-02-05',
    },
    { kind: 'implicitDecision', label: 'Délai expiré', onDate: '2027-02-05', deadlineOn: '2027-02-05' },
  ],
};

describe('LegalClockSection', () => {
  it('shows the rule, the deadline, the status in words, the implicit decision and the history, oldest first', () => {
    render(<LegalClockSection request={OVERDUE} />);
    const region = screen.getByRole('region', { name: 'Délai légal' });
    expect(valueOf(region, 'Règle')).toBe('Permission de voirie');
    expect(valueOf(region, 'Délai démarré le')).toBe('05/12/2026');
    expect(valueOf(region, 'Échéance')).toBe('05/02/2027');
    expect(valueOf(region, 'Situation')).toBe('Dépassée');
    expect(valueOf(region, 'Décision implicite')).toBe('Décision implicite de rejet le 05/02/2027');
    const history = within(region).getByRole('list', { name: 'Historique du délai' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Délai démarré (dossier déposé) — 26/11/2026, échéance le 26/01/2027',
      'Délai suspendu (pièces demandées) — 28/11/2026',
      'Délai redémarré (pièces reçues) — 05/12/2026, échéance le 05/02/2027',
      'Délai expiré — 05/02/2027, échéance le 05/02/2027',
    ]);
  });

  it('says how many days are left while the clock runs, and no implicit decision yet', () => {
    render(
      <LegalClockSection
        request={{
          clock: {
            ...OVERDUE.clock!,
            status: 'near',
            statusLabel: 'Échéance < 7 jours',
            daysLeft: 3,
            implicitDecisionOn: null,
            implicitDecisionText: null,
          },
          clockEvents: OVERDUE.clockEvents.slice(0, 1),
        }}
      />,
    );
    const region = screen.getByRole('region', { name: 'Délai légal' });
    expect(valueOf(region, 'Situation')).toBe('Échéance < 7 jours — 3 jours restants');
    expect(within(region).queryByText('Décision implicite', { selector: 'dt' })).toBeNull();
  });

  it('is left out for a request that never had a clock', () => {
    expect(hasLegalClock({ clock: null, clockEvents: [] })).toBe(false);
    expect(hasLegalClock(OVERDUE)).toBe(true);
  });
});
