import {
  DIRECTION_TRAFFIC_OPTIONS,
  addDays,
  publishedApplicant,
  publishedSignage,
  publishedStreet,
  publishedTown,
  publishedWorksDescription,
  trafficOrderForm,
  valueLabel,
  type Cerfa14024,
  type ReferencePlace,
} from '@voirie/domain';
import { frenchDate } from '../requests/french-date.ts';
import { fieldText, frenchValue, record, type OrderDetail, type Row } from './flatten-values.ts';
import { joined, text } from '../requests/printed-text.ts';

// The traffic order's fields (docs/templates.md « circulation_… »): the
// request's cerfa 14024 as the instructor completed it, filled from the request where it says
// nothing (the domain's trafficOrderForm), each value as the order prints it.
//
// The signed traffic order is published on the public works page (a regulatory act, CGCT
// L2131-1): these fields are built from reference data (the nearest road segment, the member
// town), fixed labels, dates and numbers, and the instructor's wording (ADR 0010) — never a
// party's name, address, phone or e-mail, nor any text the applicant typed (the works'
// description, the detour, the prescriptions, the previous permission's reference, the signage
// company's details).

type Form = Partial<Cerfa14024>;

const [, , , CLOSURE, SWITCHOVER] = DIRECTION_TRAFFIC_OPTIONS;

/** 'véhicules légers', 'poids lourds', 'véhicules légers et poids lourds', or '' for none. */
function vehicles(car: boolean | null | undefined, truck: boolean | null | undefined): string {
  return [car ? 'véhicules légers' : '', truck ? 'poids lourds' : ''].filter(Boolean).join(' et ');
}

/** The restrictions ticked on the form, as one phrase. */
function restrictions(form: Form): string {
  return [
    form.restrictionCurrentSection ? 'sur section courante' : '',
    form.restrictionSuspenders ? 'sur bretelles' : '',
    form.emergencyRestriction ? "neutralisation de la bande d'arrêt d'urgence" : '',
    form.encroachmentRoadway ? 'empiètement sur la chaussée' : '',
    form.wayRemoval ? 'suppression de voie' : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The works' place as published: the nearest road segment and the member town ('Rue des Pins,
 * 40130 Capbreton'), the town alone without a road ('à Capbreton').
 */
function publishedPlace(place: ReferencePlace, locality: unknown): string {
  const town = publishedTown(place, text(locality));
  const street = publishedStreet(place);
  if (!town) return street ?? '';
  return street ? `${street}, ${joined(' ', town.postalCodes[0], town.name)}` : `à ${town.name}`;
}

/** The last day of the regulation: its first day plus its duration, minus one. */
function lastDay(form: Form): string {
  if (!form.dateRegulation || !form.durationRegulation || form.durationRegulation < 1) return '';
  return frenchDate(addDays(form.dateRegulation, form.durationRegulation - 1) ?? '');
}

/**
 * The traffic order's fields of a request (`detail` as loadRequestDetail returns it; `place` its
 * reference place). Empty strings when the request holds no cerfa 14024.
 */
export function trafficFields(detail: OrderDetail, place: ReferencePlace): Row {
  const has = detail.cerfa14024 != null;
  const form: Form = has ? trafficOrderForm(detail) : {};
  const direction = form.directionTraffic;
  // A detour asked, drawn or worded is announced; its route only as the instructor words it.
  const detour = Boolean(
    text(form.detourRoute) || form.attachedDetourRoute || text(form.publishedDetourRoute),
  );
  return {
    circulation_description: has ? publishedWorksDescription(record(detail.cerfa1402301)) : '',
    circulation_date_debut: frenchDate(form.dateRegulation ?? ''),
    circulation_duree: frenchValue(form.durationRegulation),
    circulation_date_fin: lastDay(form),
    circulation_voie: joined(
      ' ',
      fieldText('wayType', detail.wayType),
      text(detail.wayNum) ? `n° ${text(detail.wayNum)}` : '',
    ),
    circulation_sens: direction && direction !== CLOSURE && direction !== SWITCHOVER ? direction : '',
    circulation_fermeture: direction === CLOSURE ? 'Oui' : '',
    circulation_basculement: direction === SWITCHOVER ? 'Oui' : '',
    circulation_alternee:
      form.alternatingCirculationManual == null
        ? ''
        : valueLabel('alternatingCirculationManual', form.alternatingCirculationManual).toLowerCase(),
    circulation_restrictions: restrictions(form),
    circulation_largeur_maintenue: frenchValue(form.trackWidthMaintained),
    circulation_voies_supprimees: frenchValue(form.numberWayRemoved),
    circulation_interdiction_circuler: vehicles(form.moveCar, form.moveTruck),
    circulation_interdiction_stationner: vehicles(form.parkCar, form.parkTruck),
    circulation_interdiction_depasser: vehicles(form.overtakeCar, form.overtakeTruck),
    circulation_vitesse: frenchValue(form.limitedSpeed),
    circulation_deviation_prevue: has && detour ? 'Oui' : '',
    circulation_deviation: text(form.publishedDetourRoute),
    circulation_autres_prescriptions: text(form.publishedOtherPrescriptions),
    circulation_signalisation_par: fieldText('signageBy', form.signageBy),
    circulation_signalisation: has ? publishedSignage(form) : '',
    circulation_demandeur: has
      ? publishedApplicant({
          petitioner: record(detail.petitioner),
          beneficiary: record(detail.beneficiary),
          operatorName: text(record(detail.operator)?.libelle),
        })
      : '',
    circulation_lieu: has ? publishedPlace(place, detail.addressCity) : '',
    // Whether there was one; its reference is the applicant's text.
    circulation_permission_anterieure: form.previousPermission ? 'délivrée antérieurement' : '',
  };
}
