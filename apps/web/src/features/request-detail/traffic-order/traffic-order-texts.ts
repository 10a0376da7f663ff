import type { TrafficOrderFormValues } from './traffic-order-form';

// The French words of the « Compléter le cerfa 14024 » dialog: the printed labels of the form
// (shared/data/cerfa-14024.json, as the cerfa view prints them).

export const TRAFFIC_ORDER_TEXTS = {
  title: 'Compléter le cerfa 14024',
  intro:
    "Le formulaire déposé par le demandeur, complété à partir de la demande là où il ne dit rien. L'arrêté de police de la circulation est généré à partir de ces informations.",
  works: 'Nature et date des travaux',
  regulation: 'Réglementation souhaitée',
  signage: 'La pose, le maintien ou le retrait de la signalisation spécifique au chantier sont effectués par',
  attachments: 'Pièces jointes à la demande',
  published: "Rédaction de l'arrêté publié",
  publishedHint:
    "L'arrêté de police de la circulation est publié sur le site une fois signé : il ne reprend aucun texte saisi par le demandeur (adresse, déviation, prescriptions, coordonnées). Il imprime l'itinéraire de déviation et les prescriptions tels que vous les rédigez ici, sans nom, adresse, téléphone ni courriel d'un particulier.",
  moveBan: 'Interdiction de circuler',
  parkBan: 'Interdiction de stationner',
  overtakeBan: 'Interdiction de dépasser',
  dateRegulation: 'Date de début de réglementation',
  directionTraffic: 'Sens de circulation concerné',
  alternating: 'Circulation alternée',
  noAlternating: 'Non',
  signageBy: 'Effectués par',
  cancel: 'Annuler',
  save: 'Enregistrer',
  invalid: 'Le formulaire contient des erreurs : voir les messages sous les champs.',
} as const;

/** The label of each text or box of the form. */
export const TRAFFIC_ORDER_LABELS: Readonly<
  Record<
    Exclude<
      keyof TrafficOrderFormValues,
      'dateRegulation' | 'directionTraffic' | 'alternatingCirculationManual' | 'signageBy'
    >,
    string
  >
> = {
  previousPermission: 'Permission de voirie antérieure',
  previousPermissionReference: 'Référence de la permission antérieure',
  workDescription: 'Description des travaux',
  durationRegulation: 'Durée de la réglementation (en jours calendaires)',
  restrictionCurrentSection: 'Restriction sur section courante',
  restrictionSuspenders: 'Restriction sur bretelles',
  emergencyRestriction: "Neutralisation de la bande d'arrêt d'urgence (BAU)",
  encroachmentRoadway: 'Empiètement sur chaussée',
  trackWidthMaintained: 'Largeur de voie maintenue (m)',
  wayRemoval: 'Suppression de voie',
  numberWayRemoved: 'Nombre de voie(s) supprimée(s)',
  moveCar: 'Véhicules légers',
  moveTruck: 'Poids lourds',
  parkCar: 'Véhicules légers',
  parkTruck: 'Poids lourds',
  overtakeCar: 'Véhicules légers',
  overtakeTruck: 'Poids lourds',
  limitedSpeed: 'Vitesse limitée à (km/h)',
  detourRoute: 'Itinéraire de déviation (à préciser par sens)',
  otherPrescriptions: 'Autres prescriptions',
  gestSignageTitle: 'Civilité',
  gestSignageLastName: 'Nom',
  gestSignageFirstName: 'Prénom',
  gestSignageCorporationName: 'Dénomination',
  gestSignageSiret: 'N° SIRET',
  gestSignageAgent: 'Représenté par',
  gestSignageAddressNum: 'Numéro',
  gestSignageAddressExt: 'Extension (bis, ter…)',
  gestSignageAddressName: 'Nom de la voie',
  gestSignageAddressComplement: 'Adresse (ligne 2, complément)',
  gestSignageAddressPostalCode: 'Code postal',
  gestSignageAddressCity: 'Localité',
  gestSignageCountry: 'Pays',
  gestSignagePhone: 'Téléphone',
  gestSignageEmail: 'Courriel',
  attachedNotice: "Une notice détaillée avec notamment l'évaluation de la gêne occasionnée aux usagers",
  attachedSituationPlan: 'Plan de situation 1/10 000ème ou 1/20 000ème',
  attachedWorksPlan: 'Plan des travaux 1/200ème ou 1/500ème',
  attachedSignageDiagram: 'Schéma de signalisation',
  attachedDetourRoute: 'Itinéraire de déviation 1/2 000ème ou 1/5 000ème',
  publishedDetourRoute: "Itinéraire de déviation publié dans l'arrêté",
  publishedOtherPrescriptions: "Autres prescriptions publiées dans l'arrêté",
};
