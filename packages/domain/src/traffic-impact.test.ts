import { describe, expect, test } from 'vitest';
import { trafficImpact } from './traffic-impact.ts';

const onRoad = { longitudinalTrenchUnderRoad: 25 };

describe('the traffic impact of a works site', () => {
  test('a closure is « Route barrée », with its detour when one is planned', () => {
    expect(
      trafficImpact({ type: 1, trafficOrder: { directionTraffic: 'Fermeture à la circulation' } }),
    ).toEqual({ level: 'route_barree', label: 'Route barrée' });
    expect(
      trafficImpact({
        type: 1,
        trafficOrder: {
          directionTraffic: 'Fermeture à la circulation',
          detourRoute: 'Par la rue de M. Dupont',
          limitedSpeed: 30,
        },
      }),
    ).toEqual({
      level: 'route_barree',
      label: 'Route barrée, déviation mise en place, vitesse limitée à 30 km/h',
    });
    // Every vehicle banned is a closure too.
    expect(trafficImpact({ type: 1, trafficOrder: { moveCar: true, moveTruck: true } }).level).toBe(
      'route_barree',
    );
  });

  test("the detour's free text never comes out: only fixed labels", () => {
    const { label } = trafficImpact({
      type: 3,
      trafficOrder: {
        directionTraffic: 'Fermeture à la circulation',
        detourRoute: 'Chez Jean Dupont 06 12 34 56 78',
      },
    });
    expect(label).not.toMatch(/Dupont|06 12/);
  });

  test('alternating traffic by lights or by hand, with the lesser prescriptions', () => {
    expect(
      trafficImpact({
        type: 1,
        trafficOrder: {
          alternatingCirculationManual: false,
          limitedSpeed: 30,
          parkCar: true,
          overtakeTruck: true,
        },
      }),
    ).toEqual({
      level: 'circulation_alternee',
      label:
        'Circulation alternée par feux tricolores, vitesse limitée à 30 km/h, stationnement interdit, dépassement interdit',
    });
    expect(trafficImpact({ type: 1, trafficOrder: { alternatingCirculationManual: true } }).label).toBe(
      'Circulation alternée réglée manuellement',
    );
  });

  test('other restrictions: one way, switched over, lanes removed, trucks banned', () => {
    const label = (trafficOrder: Parameters<typeof trafficImpact>[0]['trafficOrder']) =>
      trafficImpact({ type: 1, trafficOrder }).label;
    expect(label({ directionTraffic: 'Sens des PR croissants' })).toBe('Circulation dans un seul sens');
    expect(label({ directionTraffic: 'Basculement de circulation sur chaussée opposée' })).toBe(
      'Circulation basculée sur la chaussée opposée',
    );
    expect(label({ wayRemoval: true, numberWayRemoved: 2 })).toBe('2 voies neutralisées');
    expect(label({ wayRemoval: true })).toBe('Voie neutralisée');
    expect(label({ moveTruck: true })).toBe('Circulation interdite aux poids lourds');
    expect(trafficImpact({ type: 1, trafficOrder: { wayRemoval: true } }).level).toBe(
      'circulation_restreinte',
    );
  });

  test('prescriptions alone restrict traffic; on the carriageway they say so first', () => {
    expect(trafficImpact({ type: 1, trafficOrder: { limitedSpeed: 50 } })).toEqual({
      level: 'circulation_restreinte',
      label: 'Vitesse limitée à 50 km/h',
    });
    expect(trafficImpact({ type: 1, works: onRoad, trafficOrder: { parkTruck: true } })).toEqual({
      level: 'circulation_restreinte',
      label: 'Chantier empiétant sur la chaussée, stationnement interdit',
    });
  });

  test('without a traffic order: works on the carriageway of a road open to traffic, else no notable impact', () => {
    expect(trafficImpact({ type: 1, wayType: 'Voie communale', works: onRoad })).toEqual({
      level: 'chantier_sur_chaussee',
      label: 'Chantier sur la chaussée : circulation possiblement ralentie',
    });
    expect(trafficImpact({ type: 3, works: { themes: 'depot_stationnement' } }).level).toBe(
      'chantier_sur_chaussee',
    );
    expect(trafficImpact({ type: 1, trafficOrder: { encroachmentRoadway: true } })).toEqual({
      level: 'chantier_sur_chaussee',
      label: 'Chantier empiétant sur la chaussée',
    });
    // A greenway has no carriageway; a trench under the sidewalk leaves the road open.
    expect(trafficImpact({ type: 1, wayType: 'Voie Verte', works: onRoad }).level).toBe('aucun');
    expect(trafficImpact({ type: 1, works: { longitudinalTrenchUnderSidewalks: 40 } })).toEqual({
      level: 'aucun',
      label: 'Pas d’impact notable sur la circulation',
    });
    expect(trafficImpact({ type: 1 }).level).toBe('aucun');
  });
});
