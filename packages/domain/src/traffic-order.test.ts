import { describe, expect, test } from 'vitest';
import { isWorkOnCarriageway, offersTrafficOrder, trafficOrderForm } from './traffic-order.ts';

describe('the traffic-police order (cerfa 14024) rule', () => {
  test('works on the carriageway: a trench under the roadway, a roadway trench decided, a deposit on the road', () => {
    expect(isWorkOnCarriageway({ longitudinalTrenchUnderRoad: 12 })).toBe(true);
    expect(isWorkOnCarriageway({ transverseTrenchUnderRoad: 4.5 })).toBe(true);
    expect(isWorkOnCarriageway({ decisionRoadwayTrench: 'CH4B' })).toBe(true);
    expect(isWorkOnCarriageway({ decisionRoadwayTrenchRecommended: 'CH2A' })).toBe(true);
    expect(isWorkOnCarriageway({ themes: 'saillie_surplomb,depot_stationnement' })).toBe(true);
    // Under the sidewalk, bored under the road, an overhang: the carriageway stays open.
    expect(isWorkOnCarriageway({ longitudinalTrenchUnderSidewalks: 30, drivingUnderRoad: 8 })).toBe(false);
    expect(isWorkOnCarriageway({ themes: 'saillie_surplomb', longitudinalTrenchUnderRoad: 0 })).toBe(false);
    expect(isWorkOnCarriageway(null)).toBe(false);
  });

  test('offered for a road permission on a road open to traffic, or when the request holds its 14024', () => {
    const onRoad = { longitudinalTrenchUnderRoad: 20 };
    expect(offersTrafficOrder({ type: 1, wayType: 'Voie communale', cerfa1402301: onRoad })).toBe(true);
    expect(offersTrafficOrder({ type: 3, cerfa1402301: { themes: 'depot_stationnement' } })).toBe(true);
    expect(offersTrafficOrder({ type: 1, wayType: 'Voie Verte', cerfa1402301: onRoad })).toBe(false);
    expect(offersTrafficOrder({ type: 1, cerfa1402301: { trackWidth: 6 } })).toBe(false);
    expect(offersTrafficOrder({ type: 2, cerfa1402301: onRoad })).toBe(false);
    expect(offersTrafficOrder({ type: 1, cerfa1402301: null, cerfa14024: { limitedSpeed: 30 } })).toBe(true);
  });

  test('filled from the request, under what its own 14024 says', () => {
    const request = {
      type: 1 as const,
      project: null,
      numberDays: 5,
      dateStart: '2026-03-02',
      cerfa1402301: { themes: 'ouvrage_divers', natureWork: 'creation', transverseTrenchUnderRoad: 6 },
      documents: [{ typeDocumentId: 1 }, { typeDocumentId: 8 }] as never,
    };
    expect(trafficOrderForm(request)).toEqual({
      workDescription: 'Ouvrages divers – Création',
      durationRegulation: 5,
      dateRegulation: '2026-03-02',
      encroachmentRoadway: true,
      attachedSituationPlan: true,
      attachedWorksPlan: true,
    });
    expect(
      trafficOrderForm({
        ...request,
        project: 'Branchement gaz',
        cerfa14024: { durationRegulation: 2, workDescription: null, limitedSpeed: 30 },
      }),
    ).toMatchObject({ workDescription: 'Branchement gaz', durationRegulation: 2, limitedSpeed: 30 });
  });
});
