import { formatDateFr } from '../dates.ts';
import {
  ALTERNATING_TRAFFIC_OPTIONS,
  DIRECTION_TRAFFIC_OPTIONS,
  SIGNAGE_BY_OPTIONS,
} from '../decision-lists.ts';
import type { Cerfa14024 } from '../schemas/cerfa-14024.ts';
import type { Request } from '../schemas/request.ts';
import { trafficOrderForm } from '../traffic-order.ts';
import { valueLabel } from '../value-labels.ts';
import {
  checkField,
  choicesField,
  combField,
  numberedSections,
  textField,
  yesNoField,
  type CerfaField,
  type CerfaForm,
} from './cerfa-fields.ts';
import { addressFields, partyFields, signatureFields } from './party-fields.ts';
import { cerfaWayType, milestone, urbanArea } from './location-fields.ts';

// Sections and printed labels of CERFA 14024*01 « Demande d’arrêté de police de la circulation »,
// copied from shared/data/cerfa-14024.json (field inventory of the official form, read from the
// fillable copy in github.com/fwda1212-max/Cerfa-V2, public/cerfaTemplate.pdf @95d3596).
// Applicant, beneficiary, site, dates and signature are the request's own fields; the rest
// comes from its 14024 form (request.cerfa14024), completed from the request (trafficOrderForm).

export const CERFA_14024_TITLE = 'Demande d’arrêté de police de la circulation';

/** The texts the form is issued under, as printed under its title. */
const CERFA_14024_LEGAL_BASIS = [
  'Code de la route L411-1 à L411-7',
  'Code général des collectivités territoriales L2213-1 à L2213-6.1',
];

/** The first three directions are one printed radio group; the last two are boxes of their own. */
const [bothWays, increasing, decreasing, closure, switchover] = DIRECTION_TRAFFIC_OPTIONS;
const DIRECTIONS = [
  { value: bothWays, label: 'Deux sens de circulation' },
  { value: increasing, label: 'Sens des Points de Repères (PR) croissants' },
  { value: decreasing, label: 'Sens des Points de Repères (PR) décroissants' },
];
const VEHICLES = ['Véhicules légers', 'Poids lourds'];

const vehicles = (car: boolean | null | undefined, truck: boolean | null | undefined) => [
  car ? VEHICLES[0] : null,
  truck ? VEHICLES[1] : null,
];

function locationFields(request: Request): CerfaField[] {
  const way = cerfaWayType(request.wayType);
  const number = (type: typeof way) => (way === type ? (request.wayNum ?? '') : '');
  return [
    textField('Voie concernée : Autoroute n°', number('Autoroute')),
    textField('Route nationale n°', number('Route nationale')),
    textField('Route départementale n°', number('Route départementale')),
    textField('Voie communale n°', number('Voie communale / Voie intercommunale')),
    choicesField('Agglomération', ['Hors agglomération', 'En agglomération'], [urbanArea(request)]),
    textField(
      'Point de Repère (PR) routier d’origine d’application',
      milestone(request.milestoneStart1, request.milestoneStart2),
    ),
    textField(
      'Point de Repère (PR) routier de fin d’application',
      milestone(request.milestoneEnd1, request.milestoneEnd2),
    ),
    ...addressFields(request),
  ];
}

function regulationFields(form: Partial<Cerfa14024>): CerfaField[] {
  const alternating = valueLabel('alternatingCirculationManual', form.alternatingCirculationManual) || null;
  return [
    textField('Durée de la réglementation (en jours calendaires)', form.durationRegulation),
    textField('Date de début de réglementation', formatDateFr(form.dateRegulation)),
    checkField('Restriction sur section courante', form.restrictionCurrentSection),
    checkField('Restriction sur bretelles', form.restrictionSuspenders),
    choicesField('Sens de circulation concerné', DIRECTIONS, [form.directionTraffic]),
    checkField('Fermeture à la circulation', form.directionTraffic === closure),
    checkField('Basculement de circulation sur chaussée opposée', form.directionTraffic === switchover),
    choicesField(
      'Circulation alternée',
      ALTERNATING_TRAFFIC_OPTIONS.map((option) => option.label),
      [alternating],
    ),
    checkField('Neutralisation de la bande d’arrêt d’urgence (BAU)', form.emergencyRestriction),
    checkField('Empiètement sur chaussée', form.encroachmentRoadway),
    textField('Largeur de voie maintenue (m)', form.trackWidthMaintained),
    checkField('Suppression de voie', form.wayRemoval),
    textField('Nombre de voie(s) supprimée(s)', form.numberWayRemoved),
    choicesField('Interdiction de circuler', VEHICLES, vehicles(form.moveCar, form.moveTruck)),
    choicesField('Interdiction de stationner', VEHICLES, vehicles(form.parkCar, form.parkTruck)),
    choicesField('Interdiction de dépasser', VEHICLES, vehicles(form.overtakeCar, form.overtakeTruck)),
    textField('Vitesse limitée à (km/h)', form.limitedSpeed),
    textField('Itinéraire de déviation (à préciser par sens)', form.detourRoute, true),
    textField('Autres prescriptions', form.otherPrescriptions, true),
  ];
}

function signageFields(form: Partial<Cerfa14024>): CerfaField[] {
  return [
    choicesField('Effectués par', SIGNAGE_BY_OPTIONS, [form.signageBy]),
    textField('Civilité', form.gestSignageTitle),
    textField('Nom', form.gestSignageLastName),
    textField('Prénom', form.gestSignageFirstName),
    textField('Dénomination', form.gestSignageCorporationName),
    textField('N° SIRET', form.gestSignageSiret),
    textField('Représenté par', form.gestSignageAgent),
    textField('Numéro', form.gestSignageAddressNum),
    textField('Extension (bis, ter…)', form.gestSignageAddressExt),
    textField('Nom de la voie', form.gestSignageAddressName),
    textField('Adresse (ligne 2, complément)', form.gestSignageAddressComplement),
    combField('Code postal', form.gestSignageAddressPostalCode, 5),
    textField('Localité', form.gestSignageAddressCity),
    textField('Pays', form.gestSignageCountry),
    textField('Téléphone', form.gestSignagePhone),
    textField('Courriel', form.gestSignageEmail),
  ];
}

/** Cerfa 14024*01 filled with the request and its traffic-order form. */
export function cerfa14024Form(
  request: Request,
  cerfa14024: Partial<Cerfa14024> | null | undefined,
): CerfaForm {
  const form = trafficOrderForm({ ...request, cerfa14024 });
  const sections: [string, string, CerfaField[]][] = [
    ['demandeur', 'Le demandeur', partyFields(request.petitioner)],
    [
      'beneficiaire',
      'Si le bénéficiaire est différent du demandeur',
      partyFields(request.beneficiary, 'Type de bénéficiaire'),
    ],
    ['localisation', 'Localisation du site concerné par la demande', locationFields(request)],
    [
      'travaux',
      'Nature et date des travaux',
      [
        yesNoField('Permission de voirie antérieure', form.previousPermission),
        textField('Si oui, référence', form.previousPermissionReference),
        textField('Description des travaux', form.workDescription, true),
        textField('Date prévue de début des travaux', formatDateFr(request.dateStart)),
        textField('Durée des travaux (en jours calendaires)', request.numberDays),
      ],
    ],
    ['reglementation', 'Réglementation souhaitée', regulationFields(form)],
    [
      'signalisation',
      'La pose, le maintien ou le retrait de la signalisation spécifique au chantier sont effectués par',
      signageFields(form),
    ],
    [
      'pieces_jointes',
      'Pièces jointes à la demande',
      [
        checkField(
          'Une notice détaillée avec notamment l’évaluation de la gêne occasionnée aux usagers',
          form.attachedNotice,
        ),
        checkField('Plan de situation 1/10 000ème ou 1/20 000ème', form.attachedSituationPlan),
        checkField('Plan des travaux 1/200ème ou 1/500ème', form.attachedWorksPlan),
        checkField('Schéma de signalisation', form.attachedSignageDiagram),
        checkField('Itinéraire de déviation 1/2 000ème ou 1/5 000ème', form.attachedDetourRoute),
      ],
    ],
    ['engagement', 'Attestation et signature', signatureFields(request)],
  ];
  return {
    type: '14024',
    reference: 'cerfa n°14024*01',
    title: CERFA_14024_TITLE,
    legalBasis: CERFA_14024_LEGAL_BASIS,
    requestId: request.id,
    sections: numberedSections(sections),
  };
}
