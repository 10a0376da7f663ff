import {
  DIRECTION_TRAFFIC_OPTIONS,
  addDays,
  publicStreet,
  trafficOrderForm,
  valueLabel,
  type Cerfa14024,
  type TrafficOrderSubject,
} from '@voirie/domain';
import { frenchDate } from '../requests/french-date.ts';
import { locationLine, partyName } from './flatten-parties.ts';
import { fieldText, formFields, frenchValue, joined, text, type Row } from './flatten-values.ts';

// The traffic order's part of the merge (issue 18, docs/templates.md « circulation_… »): the
// request's cerfa 14024 as the instructor completed it, filled from the request where it says
// nothing (the domain's trafficOrderForm), each value as the order prints it.
//
// The signed traffic order is published on the public works page (a regulatory act, CGCT
// L2131-1): what it prints of people is what may be published — a company by its name, a private
// person never (« un particulier »), the works' street without the house number.

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

/** Whom the permission is for when its holder is a private person (never named in a published act). */
const HOLDER = 'le bénéficiaire de la permission';
const PRIVATE_PERSON = 'un particulier';

/** A party as a published act names it: its company, else « un particulier » ('' for none). */
function publishedParty(party: Record<string, unknown> | null): string {
  if (!party || !partyName(party)) return '';
  return text(party.corporationName) || PRIVATE_PERSON;
}

/** Who asked, as published: 'Réseaux SA', 'un particulier, pour le compte de Réseaux SA'. */
function publishedApplicant(parties: TrafficParties): string {
  const beneficiary = publishedParty(parties.beneficiary);
  return joined(', pour le compte de ', publishedParty(parties.petitioner), beneficiary);
}

/** The works' place as published: street (no house number) and locality, postal code and town. */
function publishedPlace(detail: Record<string, unknown>): string {
  const street = publicStreet(text(detail.addressType), text(detail.addressName)) ?? '';
  const place = text(detail.place);
  return joined(
    ', ',
    joined(' ', street, place ? `(${place})` : ''),
    joined(' ', detail.addressPostalCode, detail.addressCity),
  );
}

/**
 * Who installs, keeps and removes the site's signage: the company the form names (name, address,
 * phone, e-mail), else — the applicant doing it, a private person, or nobody named — the holder
 * of the permission (by its company's name, never a private person's).
 */
function signageManager(form: Form, holder: string): string {
  const name = text(form.gestSignageCorporationName);
  if (!name) return holder || HOLDER;
  const address = locationLine({
    addressNum: form.gestSignageAddressNum,
    addressExt: form.gestSignageAddressExt,
    addressName: form.gestSignageAddressName,
    addressPostalCode: form.gestSignageAddressPostalCode,
    addressCity: form.gestSignageAddressCity,
  });
  const phone = text(form.gestSignagePhone);
  return joined(
    ', ',
    name,
    address,
    form.gestSignageAddressComplement,
    phone ? `tél. ${phone}` : '',
    form.gestSignageEmail,
  );
}

/** The last day of the regulation: its first day plus its duration, minus one. */
function lastDay(form: Form): string {
  if (!form.dateRegulation || !form.durationRegulation || form.durationRegulation < 1) return '';
  return frenchDate(addDays(form.dateRegulation, form.durationRegulation - 1) ?? '');
}

/** The request's applicant and beneficiary (as loadRequestDetail returns them). */
export interface TrafficParties {
  petitioner: Record<string, unknown> | null;
  beneficiary: Record<string, unknown> | null;
}

/**
 * The traffic order's fields of a request (`detail` as loadRequestDetail returns it). Empty
 * strings when the request holds no cerfa 14024.
 */
export function trafficFields(detail: Record<string, unknown>, parties: TrafficParties): Row {
  const subject = detail as unknown as TrafficOrderSubject;
  const form: Form = subject.cerfa14024 ? trafficOrderForm(subject) : {};
  const has = subject.cerfa14024 != null;
  const holder = partyName(parties.beneficiary) ? parties.beneficiary : parties.petitioner;
  const publishedHolder = holder && text(holder.corporationName) ? text(holder.corporationName) : '';
  const direction = form.directionTraffic;
  const previous = form.previousPermission
    ? text(form.previousPermissionReference) || 'délivrée antérieurement'
    : text(form.previousPermissionReference);
  return {
    ...formFields('circulation', form),
    circulation_description: text(form.workDescription),
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
    circulation_deviation: text(form.detourRoute),
    circulation_autres_prescriptions: text(form.otherPrescriptions),
    circulation_signalisation_par: fieldText('signageBy', form.signageBy),
    circulation_signalisation: has ? signageManager(form, publishedHolder) : '',
    circulation_demandeur: has ? publishedApplicant(parties) : '',
    circulation_lieu: has ? publishedPlace(detail) : '',
    circulation_permission_anterieure: previous,
  };
}
