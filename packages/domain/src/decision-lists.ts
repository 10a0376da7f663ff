import type { Option } from './lists.ts';

// Lists of the decision, alignment, reception and traffic-order dialogs (docs/data-model.md
// "Entities", docs/validation.md "Reception dialogs", docs/constants.md "Decision lists"). Values
// are what the API stores, exactly as the spec writes them.

/** The decision choice (required, docs/validation.md "Decision dialog"). */
export const DECISION_CHOICES = [
  { value: true, label: 'Favorable' },
  { value: false, label: 'Défavorable' },
] as const;

/** Alignment point types. */
export const ALIGNMENT_POINT_TYPES = [
  'clou OGE',
  'borne OGE nouvelle',
  'borne OGE existante',
  'angle mur',
  'angle clôture',
  'nu du mur',
] as const;
export type AlignmentPointType = (typeof ALIGNMENT_POINT_TYPES)[number];

/** Competence of a street in an alignment decision. */
export const COMPETENCES = ['Communautaire', 'RD', 'Privée'] as const;
export type Competence = (typeof COMPETENCES)[number];

/** The competences as printed: 'RD' is the departmental road's. */
export const COMPETENCE_CHOICES = [
  { value: 'Communautaire', label: 'Communautaire' },
  { value: 'RD', label: 'Départementale' },
  { value: 'Privée', label: 'Privée' },
] as const satisfies readonly Option<Competence>[];

/** Competences that empty the street's alignment points (docs/validation.md "Decision dialog"). */
export const COMPETENCES_WITHOUT_POINTS: readonly Competence[] = ['RD', 'Privée'];

/** Trench structure codes under the roadway. */
export const ROADWAY_CODES = [
  'CH6C',
  'CH5C',
  'CH5D',
  'CH4B',
  'CH4C',
  'CH4D',
  'CH2A',
  'CH2B',
  'CH2C',
  'CH2D',
] as const;
/** Trench structure codes under the sidewalk. */
export const SIDEWALK_CODES = ['TR1A', 'TR1B', 'TR1C', 'TR1D', 'TR2C', 'TR2D', 'TR2E'] as const;
/** Trench structure codes under the shoulder or virgin land. */
export const SHOULDER_CODES = ['TA1', 'TA2', 'TV2'] as const;

/** Sinking (fonçage); 'obligatoire' clears the recommended trench values. */
export const SINKING_OPTIONS = ['obligatoire', 'préconisé', 'non'] as const;
export type Sinking = (typeof SINKING_OPTIONS)[number];
export const SINKING_MANDATORY: Sinking = 'obligatoire';

/** Restoration (réfections). */
export const RESTORATION_OPTIONS = [
  'Finisseur',
  'Epaulement supérieur',
  'pleine largeur chaussée',
  'pleine largeur trottoir',
  'piste cyclable',
] as const;

/** Facilities information. */
export const FACILITIES_OPTIONS = [
  'voirie moins de 3 ans',
  'voirie en bon état',
  'trottoir en bon état',
  'voir la mairie',
] as const;

/** Overhead network works (aerien). */
export const OVERHEAD_OPTIONS = ['pose', 'depose'] as const;
/** The overhead options as printed. */
export const OVERHEAD_CHOICES = [
  { value: 'pose', label: 'Pose' },
  { value: 'depose', label: 'Dépose' },
] as const satisfies readonly Option<(typeof OVERHEAD_OPTIONS)[number]>[];

/** Access decision: état des lieux (decisionAccessEdl). */
export const ACCESS_EDL_OPTIONS = ['Nouvel accès', 'Accès existant'] as const;
/** Access decision: gate position (decisionAccessPortailOpen). */
export const ACCESS_GATE_OPTIONS = ['limite de propriété', 'en retrait de 5 mètres'] as const;
/** Access decision: public-domain restoration (decisionAccessRemiseEtatDp). */
export const ACCESS_RESTORATION_OPTIONS = ['Pérenniser', 'Aménagement existant : Remise en état'] as const;
/** Access decision: refusal reasons (decisionAccessMotifsRefus, comma-joined). */
export const ACCESS_REFUSAL_REASONS = ['multiplication des accès', 'visibilité'] as const;

/** Reception options chosen by the applicant. */
export const RECEPTION_OPTIONS = ['Photos', 'Rendez-vous'] as const;
export type ReceptionOption = (typeof RECEPTION_OPTIONS)[number];

/** Reception opinions (avis) recorded by the instructor. */
export const RECEPTION_OPINIONS = ['accepté', 'refusé'] as const;
export type ReceptionOpinion = (typeof RECEPTION_OPINIONS)[number];

/** Parts of the public domain concerned by a reception (partieDomainePublic). */
export const PUBLIC_DOMAIN_PARTS = ['Chaussée', 'Trottoir', 'Accotement'] as const;
export type PublicDomainPart = (typeof PUBLIC_DOMAIN_PARTS)[number];

/** Reception refusal reasons (motifRefus); 'autre' reveals a free text (motifRefusTxt). */
export const RECEPTION_REFUSAL_REASONS = [
  'joints',
  'redans',
  'prescriptions non respectées',
  'autre',
] as const;
export type ReceptionRefusalReason = (typeof RECEPTION_REFUSAL_REASONS)[number];
export const RECEPTION_REFUSAL_OTHER: ReceptionRefusalReason = 'autre';

/** Fixed texts of the refusal reasons, as printed on the minutes and the formal notice. */
export const RECEPTION_REFUSAL_TEXTS: Readonly<Record<Exclude<ReceptionRefusalReason, 'autre'>, string>> = {
  joints: "Les joints n'ont pas été scellés à l'émulsion de bitume.",
  redans: "La découpe de la tranchée n'est pas rectiligne (redans).",
  'prescriptions non respectées':
    "La réfection n'est pas conforme aux prescriptions de la permission de voirie.",
};

/** The text of a refusal reason; for 'autre', the free text. */
export function receptionRefusalText(reason: ReceptionRefusalReason, otherText?: string | null): string {
  return reason === 'autre' ? (otherText ?? '').trim() : RECEPTION_REFUSAL_TEXTS[reason];
}

/** Traffic direction of the CERFA 14024 (directionTraffic, five choices). */
export const DIRECTION_TRAFFIC_OPTIONS = [
  'Deux sens de circulation',
  'Sens des PR croissants',
  'Sens des PR décroissants',
  'Fermeture à la circulation',
  'Basculement de circulation sur chaussée opposée',
] as const;
export type DirectionTraffic = (typeof DIRECTION_TRAFFIC_OPTIONS)[number];

/** Alternating traffic of the CERFA 14024: alternatingCirculationManual true = manually. */
export const ALTERNATING_TRAFFIC_OPTIONS = [
  { value: false, label: 'Par feux tricolores' },
  { value: true, label: 'Manuellement' },
] as const;

/** Who places the site signage (CERFA 14024). */
export const SIGNAGE_BY_OPTIONS = [
  { value: 'demandeur', label: 'Le demandeur' },
  { value: 'entreprise', label: 'Une entreprise spécialisée' },
] as const satisfies readonly Option[];

/** Reorientation targets: the town's mayor's office, or the departmental mailbox (configuration). */
export const REORIENTATION_TARGETS = [
  { value: 'mairie', label: 'Mairie de la commune' },
  { value: 'departement', label: 'Département des Landes' },
] as const satisfies readonly Option[];
export type ReorientationTarget = (typeof REORIENTATION_TARGETS)[number]['value'];

/** The mail address a reoriented request goes to, or null when it is not configured. */
export function reorientationMailFor(
  target: ReorientationTarget,
  addresses: { mailMairie?: string | null; departmentMailbox?: string | null },
): string | null {
  const mail = target === 'mairie' ? addresses.mailMairie : addresses.departmentMailbox;
  return mail?.trim() ? mail.trim() : null;
}
