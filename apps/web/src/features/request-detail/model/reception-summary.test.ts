import { describe, expect, it } from 'vitest';
import type { Reception } from '@voirie/domain';
import { receptionSummary } from './reception-summary';

const reception = (fields: Partial<Reception>): Reception => ({
  id: 1,
  requestId: 1,
  option: null,
  dateVisite: null,
  motifRefusTxt: null,
  rdv1: null,
  rdv2: null,
  rdv3: null,
  roadDisturbance: false,
  lat: null,
  lon: null,
  ...fields,
});

describe('the reception block', () => {
  it('shows the mode, the proposals in Paris time and the chosen one', () => {
    const rows = receptionSummary(
      reception({
        option: 'Rendez-vous',
        rdv1: '2026-12-01T08:30:00.000Z',
        rdv2: '2026-12-03T13:00:00.000Z',
        acceptRdv: 2,
      }),
    );
    expect(rows).toEqual([
      { label: 'Mode de réception', value: 'Rendez-vous' },
      { label: 'Rendez-vous proposés', value: '01/12/2026 09:30 ; 03/12/2026 14:00' },
      { label: 'Rendez-vous retenu', value: '03/12/2026 14:00' },
    ]);
  });

  it('shows a refusal with its reasons, the visit and the parts of the public domain', () => {
    const rows = receptionSummary(
      reception({
        option: 'Photos',
        avis: 'refusé',
        dateVisite: '2026-12-02',
        motifRefus: ['joints', 'autre'],
        motifRefusTxt: 'bordure cassée',
        partieDomainePublic: ['Chaussée', 'Trottoir'],
      }),
    );
    expect(rows.map((row) => row.value)).toEqual([
      'Photos',
      'refusé',
      '02/12/2026',
      'joints, autre, bordure cassée',
      'Chaussée, Trottoir',
    ]);
  });
});
