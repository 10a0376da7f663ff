import { describe, expect, it } from 'vitest';
import { aReception as reception } from '../../../test/request-fixtures';
import { receptionSummary } from './reception-summary';

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

  it("says a refusal's reasons as the domain's sentences, 'autre' as the instructor's text", () => {
    const rows = receptionSummary(
      reception({
        option: 'Photos',
        avis: 'refusé',
        dateVisite: '2026-12-02',
        motifRefus: ['joints', 'redans', 'autre'],
        motifRefusTxt: 'Bordure cassée.',
        partieDomainePublic: ['Chaussée', 'Trottoir'],
        remedyDueOn: '2027-01-04',
      }),
    );
    expect(rows).toEqual([
      { label: 'Mode de réception', value: 'Photos' },
      { label: 'Avis', value: 'refusé' },
      { label: 'Date de visite', value: '02/12/2026' },
      {
        label: 'Motifs de refus',
        value:
          "Les joints n'ont pas été scellés à l'émulsion de bitume. " +
          "La découpe de la tranchée n'est pas rectiligne (redans). Bordure cassée.",
      },
      { label: 'Délai pour reprendre les travaux', value: "jusqu'au 04/01/2027" },
      { label: 'Parties du domaine public', value: 'Chaussée, Trottoir' },
    ]);
  });

  it('says the delay waits for the signed formal notice’s notification, then gives its last day', () => {
    const refused = { avis: 'refusé' as const, formalNoticeAct: '2026_00012' };
    expect(receptionSummary(reception({ ...refused, remedyDueOn: null })).at(-1)).toEqual({
      label: 'Délai pour reprendre les travaux',
      value: 'à compter de la notification de la mise en demeure n° 2026_00012 (en attente)',
    });
    expect(receptionSummary(reception({ ...refused, remedyDueOn: '2027-01-04' })).at(-1)).toEqual({
      label: 'Délai pour reprendre les travaux',
      value: "jusqu'au 04/01/2027",
    });
    // No signed formal notice: no delay runs.
    expect(receptionSummary(reception({ avis: 'refusé' })).map((row) => row.label)).toEqual(['Avis']);
  });

  it('names the road disturbance with its day in Paris, its witness and what was seen', () => {
    const rows = receptionSummary(
      reception({
        avis: 'accepté',
        roadDisturbance: true,
        witnessName: 'Jean Martin',
        // 23:30 UTC is already the next day in Paris.
        disturbanceAt: '2026-12-02T23:30:00.000Z',
        disturbanceComment: 'Affaissement de la chaussée',
      }),
    );
    expect(rows.slice(1)).toEqual([
      { label: 'Perturbation de voirie', value: 'Déclarée le 03/12/2026, constatée par Jean Martin' },
      { label: 'Constat de la perturbation', value: 'Affaissement de la chaussée' },
    ]);
  });

  it('says a road disturbance declared without its details', () => {
    const rows = receptionSummary(reception({ roadDisturbance: true, disturbanceComment: null }));
    expect(rows).toEqual([{ label: 'Perturbation de voirie', value: 'Déclarée' }]);
  });
});
