import { DIRECTION_TRAFFIC_OPTIONS } from './decision-lists.ts';
import { isPermissionKind } from './kinds.ts';
import type { Cerfa14023 } from './schemas/cerfa-14023.ts';
import type { Cerfa14024 } from './schemas/cerfa-14024.ts';
import { offersTrafficOrder } from './traffic-order.ts';

// What a works site does to traffic (the public works map and the works calendar), in
// one French sentence read by anyone: derived from the traffic-police order (cerfa 14024) when the
// request holds one, else from the works form (cerfa 14023: works on the carriageway). Only fixed
// labels come out — never the free text of the forms (a detour route, prescriptions), which may
// name people.

/** From the most to the least disruptive. */
export const TRAFFIC_IMPACT_LEVELS = [
  'route_barree',
  'circulation_alternee',
  'circulation_restreinte',
  'chantier_sur_chaussee',
  'aucun',
] as const;
export type TrafficImpactLevel = (typeof TRAFFIC_IMPACT_LEVELS)[number];

/** The short label of each level (a legend, a filter). */
export const TRAFFIC_IMPACT_LEVEL_LABELS: Readonly<Record<TrafficImpactLevel, string>> = {
  route_barree: 'Route barrée',
  circulation_alternee: 'Circulation alternée',
  circulation_restreinte: 'Circulation réglementée',
  chantier_sur_chaussee: 'Chantier sur la chaussée',
  aucun: 'Pas d’impact notable',
};

export const TRAFFIC_IMPACT_TEXTS = {
  closed: 'Route barrée',
  detour: 'déviation mise en place',
  alternatingLights: 'Circulation alternée par feux tricolores',
  alternatingManual: 'Circulation alternée réglée manuellement',
  switchover: 'Circulation basculée sur la chaussée opposée',
  oneWay: 'Circulation dans un seul sens',
  trucksBanned: 'Circulation interdite aux poids lourds',
  carsBanned: 'Circulation interdite aux véhicules légers',
  lanesRemoved: (count: number | null | undefined) =>
    count && count > 1 ? `${String(count)} voies neutralisées` : 'Voie neutralisée',
  speed: (kmh: number) => `vitesse limitée à ${String(kmh)} km/h`,
  noParking: 'stationnement interdit',
  noOvertaking: 'dépassement interdit',
  encroachment: 'Chantier empiétant sur la chaussée',
  onCarriageway: 'Chantier sur la chaussée : circulation possiblement ralentie',
  none: 'Pas d’impact notable sur la circulation',
} as const;

/** The effect of a works site on traffic: its level and one sentence. */
export interface TrafficImpact {
  level: TrafficImpactLevel;
  label: string;
}

/** What the rule reads: the permission's kind and road, its works form and its traffic order. */
export interface TrafficImpactSubject {
  type: number;
  wayType?: string | null;
  works?: Partial<Cerfa14023> | null;
  trafficOrder?: Partial<Cerfa14024> | null;
}

const [, increasing, decreasing, closure, switchover] = DIRECTION_TRAFFIC_OPTIONS;

const sentence = (parts: readonly string[]) => {
  // Commas, not semicolons: the label is a cell of the open data's CSV too.
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The main restriction of a traffic order, the most disruptive first; null when it sets none. */
function mainRestriction(order: Partial<Cerfa14024>): { level: TrafficImpactLevel; text: string } | null {
  if (order.directionTraffic === closure || (order.moveCar && order.moveTruck)) {
    return {
      level: 'route_barree',
      text: order.detourRoute?.trim()
        ? `${TRAFFIC_IMPACT_TEXTS.closed}, ${TRAFFIC_IMPACT_TEXTS.detour}`
        : TRAFFIC_IMPACT_TEXTS.closed,
    };
  }
  // null: no alternating traffic; false: by traffic lights; true: manually.
  if (order.alternatingCirculationManual === true || order.alternatingCirculationManual === false) {
    return {
      level: 'circulation_alternee',
      text: order.alternatingCirculationManual
        ? TRAFFIC_IMPACT_TEXTS.alternatingManual
        : TRAFFIC_IMPACT_TEXTS.alternatingLights,
    };
  }
  const restricted = (text: string) => ({ level: 'circulation_restreinte' as const, text });
  if (order.directionTraffic === switchover) return restricted(TRAFFIC_IMPACT_TEXTS.switchover);
  if (order.directionTraffic === increasing || order.directionTraffic === decreasing)
    return restricted(TRAFFIC_IMPACT_TEXTS.oneWay);
  if (order.wayRemoval) return restricted(TRAFFIC_IMPACT_TEXTS.lanesRemoved(order.numberWayRemoved));
  if (order.moveTruck) return restricted(TRAFFIC_IMPACT_TEXTS.trucksBanned);
  if (order.moveCar) return restricted(TRAFFIC_IMPACT_TEXTS.carsBanned);
  return null;
}

/** The lesser prescriptions of a traffic order, in the order the form lists them. */
function prescriptions(order: Partial<Cerfa14024>): string[] {
  const parts: string[] = [];
  if (typeof order.limitedSpeed === 'number' && order.limitedSpeed > 0)
    parts.push(TRAFFIC_IMPACT_TEXTS.speed(order.limitedSpeed));
  if (order.parkCar || order.parkTruck) parts.push(TRAFFIC_IMPACT_TEXTS.noParking);
  if (order.overtakeCar || order.overtakeTruck) parts.push(TRAFFIC_IMPACT_TEXTS.noOvertaking);
  return parts;
}

/**
 * The traffic impact of a permission's works: from its traffic-police order when it
 * has one — road closed (with or without a detour), alternating traffic, another restriction, then
 * speed, parking and overtaking prescriptions — else, when the works take the carriageway of a
 * road open to traffic (the rule that offers the 14024: a trench under the road, a deposit on
 * it), « chantier sur la chaussée »; otherwise no notable impact.
 */
export function trafficImpact(subject: TrafficImpactSubject): TrafficImpact {
  const order = subject.trafficOrder ?? {};
  const main = mainRestriction(order);
  const lesser = prescriptions(order);
  if (main) return { level: main.level, label: sentence([main.text, ...lesser]) };
  const onCarriageway =
    Boolean(order.encroachmentRoadway) ||
    (isPermissionKind(subject.type) &&
      offersTrafficOrder({
        type: subject.type,
        wayType: subject.wayType ?? null,
        cerfa1402301: subject.works,
      }));
  if (lesser.length > 0) {
    const head = onCarriageway ? [TRAFFIC_IMPACT_TEXTS.encroachment] : [];
    return { level: 'circulation_restreinte', label: sentence([...head, ...lesser]) };
  }
  if (onCarriageway) {
    return {
      level: 'chantier_sur_chaussee',
      label: order.encroachmentRoadway
        ? TRAFFIC_IMPACT_TEXTS.encroachment
        : TRAFFIC_IMPACT_TEXTS.onCarriageway,
    };
  }
  return { level: 'aucun', label: TRAFFIC_IMPACT_TEXTS.none };
}
