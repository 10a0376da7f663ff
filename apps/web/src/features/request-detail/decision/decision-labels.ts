import { UPLOAD_MESSAGES } from '@voirie/domain';

// The French words of the decision dialogs (spec 2 §2.2, §3, §5, §9).

export const DECISION_LABELS = {
  title: 'Décision',
  choice: 'Sens de la décision',
  commentDecision: 'Commentaire',
  parapheurDecision: 'Parapheur',
  recipients: "Destinataires de l'arrêté",
  recipientMail: (index: number) => `E-mail du destinataire ${String(index + 1)}`,
  recipientName: (index: number) => `Nom du destinataire ${String(index + 1)}`,
  removeRecipient: (index: number) => `Supprimer le destinataire ${String(index + 1)}`,
  addRecipient: 'Ajouter un destinataire',
  noRecipient: "Aucun destinataire pour l'instant.",
  annexes: 'Annexes',
  annex: (index: 1 | 2) => `Annexe ${String(index)}`,
  annexHint: 'PDF uniquement',
  annexChosen: (name: string) => `Fichier choisi : ${name}`,
  removeAnnex: (index: 1 | 2) => `Retirer l'annexe ${String(index)}`,
  /** The domain's text (spec 2 §8: the alert names annex 1 or 2). */
  annexNotPdf: UPLOAD_MESSAGES.annexNotPdf,
  doAnnexe: "Joindre les annexes à l'arrêté",
  // Alignment
  alignmentLegend: "Décision d'alignement",
  decisionHorsCompetence: 'Décision hors compétence',
  alignmentOrderNumber: "N° de l'arrêté d'alignement",
  streets: 'Rues',
  street: (index: number) => `Rue ${String(index + 1)}`,
  streetName: (index: number) => `Nom de la rue ${String(index + 1)}`,
  competence: (index: number) => `Compétence de la rue ${String(index + 1)}`,
  removeStreet: (index: number) => `Supprimer la rue ${String(index + 1)}`,
  addStreet: 'Ajouter une rue',
  noStreet: "Aucune rue pour l'instant.",
  points: (street: number) => `Points d'alignement de la rue ${String(street + 1)}`,
  pointName: (street: number, point: number) =>
    `Nom du point ${String(point + 1)} (rue ${String(street + 1)})`,
  pointType: (street: number, point: number) =>
    `Type du point ${String(point + 1)} (rue ${String(street + 1)})`,
  pointDistance: (street: number, point: number) =>
    `Distance du point ${String(point + 1)} en mètres (rue ${String(street + 1)})`,
  removePoint: (street: number, point: number) =>
    `Supprimer le point ${String(point + 1)} (rue ${String(street + 1)})`,
  addPoint: (street: number) => `Ajouter un point à la rue ${String(street + 1)}`,
  noPoint: "Aucun point pour l'instant.",
  pointsCleared: (competence: string) => `Compétence ${competence} : pas de points d'alignement.`,
  // Access
  accessLegend: "Prescriptions de l'accès",
  decisionAccessEdl: 'État des lieux',
  decisionAccessPortailOpen: 'Portail',
  decisionAccessRetournement: 'Aire de retournement',
  decisionAccessRemiseEtatDp: 'Remise en état du domaine public',
  decisionAccessEauxPluviales: 'Eaux pluviales',
  decisionAccessFosse: 'Fossé',
  decisionAccessFosseDiametre: 'Diamètre de la buse',
  refusalLegend: 'Motifs du refus',
  decisionAccessMotifsRefusOther: 'Commentaire du refus',
  // Networks
  networksLegend: 'Prescriptions des réseaux',
  decisionRejetEU: 'Rejet EU',
  decisionSurfacem2: 'Surface (m²)',
  decisionDebitLS: 'Débit (l/s)',
  decisionResultCalc: 'Débit (l/s/ha)',
  decisionResultCalcHint: 'Calculé : débit × surface ÷ 10 000',
  decisionSondage: 'Sondage',
  trenchesLegend: 'Structures de tranchée',
  decisionRoadwayTrench: 'Tranchée sous chaussée',
  decisionSidewalkTrench: 'Tranchée sous trottoir',
  decisionShoulderVirginLandTrench: 'Tranchée sous accotement ou terrain vierge',
  decisionRoadwayTrenchRecommended: 'Tranchée sous chaussée (préconisé)',
  decisionSidewalkTrenchRecommended: 'Tranchée sous trottoir (préconisé)',
  decisionShoulderVirginLandTrenchRecommended: 'Tranchée sous accotement ou terrain vierge (préconisé)',
  decisionSinking: 'Fonçage',
  sinkingMandatoryHint: 'Fonçage obligatoire : pas de tranchée préconisée.',
  decisionHorizontalSignage: 'Signalisation horizontale',
  decisionFacilitiesInfo: 'Informations sur les aménagements',
  decisionRefections: 'Réfections',
  decisionTransportNetwork: 'Réseau de transport',
  aerien: 'Réseau aérien',
  // Actions and outcomes
  cancel: 'Annuler',
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  invalid: 'Le formulaire contient des erreurs : voir les messages sous les champs.',
  saved: 'Décision enregistrée.',
  choose: 'Choisir…',
} as const;

/** Labels of the overhead options (values stored as the spec writes them). */
export const OVERHEAD_LABELS: Readonly<Record<string, string>> = { pose: 'Pose', depose: 'Dépose' };
