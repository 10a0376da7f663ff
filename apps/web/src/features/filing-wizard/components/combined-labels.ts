import { ALTERNATING_TRAFFIC_OPTIONS, TRAFFIC_ORDER_NOT_OFFERED } from '@voirie/domain';
import type {
  TrafficOrderBooleanField,
  TrafficOrderNumberField,
  TrafficOrderTextField,
} from '../model/step-drafts';

// What a road permission may ask besides itself — the alignment of the place, and the
// traffic-police order (CERFA 14024*01 « Demande d'arrêté de police de la circulation », its
// printed labels: shared/data/cerfa-14024.json).

export const COMBINED_LABELS = {
  alignmentLegend: "Demande d'alignement",
  withAlignment: "Demander aussi l'alignement",
  withAlignmentHint:
    "Le motif et l'autorisation d'urbanisme de la demande d'alignement sont demandés à l'étape « Chantier ».",
  withAlignmentLocked: "La demande d'alignement ne peut être ni ajoutée ni retirée lors de la mise à jour.",
  alignmentHeading: "Demande d'alignement individuel",
  trafficLegend: 'Arrêté de police de la circulation',
  withTrafficOrder: "Demander l'arrêté de police de la circulation (cerfa 14024)",
  withTrafficOrderHint:
    'Vos travaux empiètent sur la chaussée : la circulation peut devoir être réglementée. Le formulaire est prérempli avec votre demande, vous pouvez le modifier.',
  /** The works no longer take the carriageway (step 2 changed): the 14024 is not sent. */
  trafficOrderDropped: `${TRAFFIC_ORDER_NOT_OFFERED} L'arrêté de police de la circulation ne sera pas demandé.`,
} as const;

export const TRAFFIC_ORDER_LABELS = {
  worksLegend: 'Nature et date des travaux',
  previousPermission: 'Permission de voirie antérieure',
  previousPermissionReference: 'Si oui, référence de la permission',
  workDescription: 'Description des travaux',
  regulationLegend: 'Réglementation souhaitée',
  dateRegulation: 'Date de début de réglementation',
  durationRegulation: 'Durée de la réglementation (en jours calendaires)',
  directionTraffic: 'Sens de circulation concerné',
  alternatingCirculationManual: 'Circulation alternée',
  encroachmentRoadway: 'Empiètement sur chaussée',
  trackWidthMaintained: 'Largeur de voie maintenue (m)',
  bansLegend: 'Interdictions et limitations',
  move: 'Interdiction de circuler',
  park: 'Interdiction de stationner',
  overtake: 'Interdiction de dépasser',
  cars: 'Véhicules légers',
  trucks: 'Poids lourds',
  limitedSpeed: 'Vitesse limitée à (km/h)',
  limitedSpeedHint: 'De 10 à 130 km/h, par dizaines.',
  detourRoute: 'Itinéraire de déviation (à préciser par sens)',
  otherPrescriptions: 'Autres prescriptions',
  signageLegend: 'Signalisation du chantier',
  signageBy: 'La pose, le maintien et le retrait de la signalisation sont effectués par',
  gestSignageCorporationName: 'Dénomination',
  gestSignageSiret: 'N° SIRET',
  gestSignageAgent: 'Représenté par',
  gestSignageLastName: 'Nom',
  gestSignageFirstName: 'Prénom',
  gestSignageAddressNum: 'Numéro',
  gestSignageAddressName: 'Nom de la voie',
  gestSignageAddressPostalCode: 'Code postal',
  gestSignageAddressCity: 'Localité',
  gestSignagePhone: 'Téléphone',
  gestSignageEmail: 'Courriel',
} as const satisfies Record<TrafficOrderTextField | TrafficOrderNumberField, string> &
  Partial<Record<TrafficOrderBooleanField, string>> &
  Record<string, string>;

export type AlternatingChoice = 'none' | 'lights' | 'manual';

/** Alternating traffic as radios: none (null), the printed form's two ways (false, true). */
export const ALTERNATING_CHOICES: readonly { value: AlternatingChoice; label: string }[] = [
  { value: 'none', label: 'Pas de circulation alternée' },
  ...ALTERNATING_TRAFFIC_OPTIONS.map((option) => ({
    value: option.value ? ('manual' as const) : ('lights' as const),
    label: option.label,
  })),
];
