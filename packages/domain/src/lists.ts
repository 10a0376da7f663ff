import { z } from 'zod';
import type { RequestKind } from './kinds.ts';

// Lists of the filing wizard, the request and the parties (docs/constants.md, docs/data-model.md "Entities").
// Values are what the API stores; labels are what the UI shows.

/** A select or checkbox option. */
export interface Option<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

/** The values of an option list, as a tuple for z.enum. */
export function optionValues<V extends string>(options: readonly Option<V>[]): [V, ...V[]] {
  return options.map((option) => option.value) as [V, ...V[]];
}

/** The label of a value in an option list, or the value itself when unknown. */
export function optionLabel(options: readonly Option[], value: string | null | undefined): string {
  return options.find((option) => option.value === value)?.label ?? value ?? '';
}

/** Splits a comma-joined list (themes, parkingNature…) into its trimmed, non-empty values. */
export function splitList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** Joins values into the comma-joined form the API stores, or null when empty. */
export function joinList(values: readonly string[] | null | undefined): string | null {
  const kept = (values ?? []).map((item) => item.trim()).filter((item) => item.length > 0);
  return kept.length ? kept.join(',') : null;
}

/**
 * Works themes (docs/constants.md "Wizard lists"). Kind 1 offers the first three; kind 3 offers all
 * five (our reading of "plus depot_stationnement and amenagement_acces (kind 3)").
 * depot_stationnement opens the parking section.
 */
export const WORKS_THEMES = [
  { value: 'saillie_surplomb', label: 'Saillie / surplomb' },
  { value: 'pose_compteur', label: 'Pose de compteur' },
  { value: 'ouvrage_divers', label: 'Ouvrages divers' },
  { value: 'depot_stationnement', label: 'Dépôt / stationnement' },
  { value: 'amenagement_acces', label: "Aménagement d'accès" },
] as const satisfies readonly Option[];
export type WorksTheme = (typeof WORKS_THEMES)[number]['value'];
export const WorksThemeSchema = z.enum(optionValues(WORKS_THEMES));

/** Themes offered per permission kind. */
export const WORKS_THEMES_BY_KIND: Readonly<Record<1 | 3, readonly WorksTheme[]>> = {
  1: ['saillie_surplomb', 'pose_compteur', 'ouvrage_divers'],
  3: ['saillie_surplomb', 'pose_compteur', 'ouvrage_divers', 'depot_stationnement', 'amenagement_acces'],
};

/**
 * One document of the specification spells a theme 'ouvrages_divers'; we store the other's
 * 'ouvrage_divers' and read both (docs/constants.md "Wizard lists").
 */
export const WORKS_THEME_ALIASES: Readonly<Record<string, WorksTheme>> = {
  ouvrages_divers: 'ouvrage_divers',
};

/** The stored theme for a value, mapping the known alias; unknown values are kept as they are. */
export function normalizeWorksTheme(value: string): string {
  return WORKS_THEME_ALIASES[value] ?? value;
}

/** Works themes offered for a request kind (none for the alignment kind). */
export function worksThemesFor(kind: RequestKind): readonly WorksTheme[] {
  return kind === 2 ? [] : WORKS_THEMES_BY_KIND[kind];
}

/** Parking / deposit natures (9, docs/constants.md "Wizard lists"); the values are the labels. */
export const PARKING_NATURES = [
  'Matériaux',
  'Benne',
  'Grue',
  'Etalage',
  'Echafaudage',
  'Mobilier urbain',
  'Terrasses de café',
  'Vente le long de la voie ou aire de service',
  'Autres',
] as const;
export type ParkingNature = (typeof PARKING_NATURES)[number];

/** parkingExtension: false = initial request, true = extension. */
export const PARKING_EXTENSION_OPTIONS = [
  { value: false, label: 'Demande initiale' },
  { value: true, label: 'Prolongation' },
] as const;

/** Networks to connect to (networkConnection, docs/constants.md "Wizard lists"). */
export const NETWORKS = [
  { value: 'eau_potable', label: 'Eau potable' },
  { value: 'eaux_pluviales', label: 'Eaux pluviales' },
  { value: 'gdf', label: 'Gaz' },
  { value: 'operateurs_reseaux', label: 'Opérateurs de réseaux (télécommunications)' },
  { value: 'eaux_usees', label: 'Eaux usées' },
  { value: 'edf', label: 'Électricité' },
  { value: 'autre', label: 'Autre' },
] as const satisfies readonly Option[];
export type Network = (typeof NETWORKS)[number]['value'];

/** Surface equipment (surfacePlanningEquipment, docs/constants.md "Wizard lists"). */
export const SURFACE_EQUIPMENT = [
  { value: 'stationnement', label: 'Stationnement' },
  { value: 'arret_bus', label: 'Arrêt de bus' },
  { value: 'passage_sup_inf', label: 'Passage supérieur ou inférieur' },
  { value: 'equipement_route', label: 'Équipement de la route' },
  { value: 'autre_amenagement', label: 'Autre aménagement' },
] as const satisfies readonly Option[];
export type SurfaceEquipment = (typeof SURFACE_EQUIPMENT)[number]['value'];

/**
 * Work types (natureWork, docs/constants.md "Wizard lists"). One document of the specification
 * writes the last one 'other': we store the other's 'autres' and read both.
 */
export const WORK_TYPES = [
  { value: 'station_service', label: 'Station-service' },
  { value: 'renouvellement', label: 'Renouvellement' },
  { value: 'creation', label: 'Création' },
  { value: 'autres', label: 'Autres' },
] as const satisfies readonly Option[];
export type WorkType = (typeof WORK_TYPES)[number]['value'];
export const WORK_TYPE_ALIASES: Readonly<Record<string, WorkType>> = { other: 'autres' };

/** Site natures (docs/constants.md "Wizard lists"; where they are used is not shown). */
export const SITE_NATURES = [
  { value: 'infra_souterraine', label: "Création / suppression d'infrastructure souterraine" },
  { value: 'infra_aerienne', label: "Création / suppression d'infrastructure aérienne" },
  { value: 'armoire_abri', label: "Installation / dépose d'armoire ou d'abri" },
  { value: 'reparation', label: "Réparation d'infrastructure existante" },
  { value: 'cablage', label: 'Travaux de câblage' },
] as const satisfies readonly Option[];

/** Reasons of an alignment request (reasonRequest); 'Autre' asks for details. */
export const ALIGNMENT_REASONS = [
  { value: 'Implantation bat', label: "Implantation d'un bâtiment" },
  { value: 'Real cloture', label: "Réalisation d'une clôture" },
  { value: 'Plant haie', label: "Plantation d'une haie" },
  { value: 'Division parcellaire', label: 'Division parcellaire' },
  { value: 'Trav alignement', label: "Travaux à l'alignement" },
  { value: 'Autre', label: 'Autre (préciser)' },
] as const satisfies readonly Option[];
export type AlignmentReason = (typeof ALIGNMENT_REASONS)[number]['value'];
export const ALIGNMENT_REASON_OTHER: AlignmentReason = 'Autre';

/** Urbanism file types (typeDossier). */
export const URBANISM_FILE_TYPES = [
  { value: 'PA', label: "Permis d'aménager" },
  { value: 'PC', label: 'Permis de construire' },
  { value: 'CU', label: "Certificat d'urbanisme" },
  { value: 'DP', label: 'Déclaration préalable' },
] as const satisfies readonly Option[];
export type UrbanismFileType = (typeof URBANISM_FILE_TYPES)[number]['value'];

/** 'oui' / 'non' answers (autorisationUrba, groundAlreadyRequested). */
export const YES_NO = [
  { value: 'oui', label: 'Oui' },
  { value: 'non', label: 'Non' },
] as const satisfies readonly Option[];

/** Titles (civilité). */
export const TITLES = ['Monsieur', 'Madame'] as const;
export type Title = (typeof TITLES)[number];

/** Natures of a person or organisation (petitioner, beneficiary, user). */
export const NATURES = [
  'Particulier',
  'Entreprise',
  'Notaire',
  'Service public',
  "Maître d'oeuvre ou conducteur d'opération",
] as const;
export type Nature = (typeof NATURES)[number];
export const NATURE_INDIVIDUAL: Nature = 'Particulier';

/** Forms that offer a nature choice. */
export type NatureForm = 'user' | 'petitioner' | 'beneficiary';

/**
 * The natures a form offers (docs/constants.md "Wizard lists", docs/data-model.md "Entities"): an
 * alignment petitioner is Particulier, Entreprise or Notaire; a beneficiary never Notaire; a
 * permission petitioner has the four applicant types of the CERFA; the user form offers all five.
 */
export function natureOptions(form: NatureForm, kind?: RequestKind): readonly Nature[] {
  if (form === 'user') return NATURES;
  if (form === 'beneficiary') return NATURES.filter((nature) => nature !== 'Notaire');
  if (kind === 2) return ['Particulier', 'Entreprise', 'Notaire'];
  return NATURES.filter((nature) => nature !== 'Notaire');
}

/** True when the nature is an individual (title, last and first name instead of a corporation). */
export function isIndividualNature(nature: string | null | undefined): boolean {
  return nature === NATURE_INDIVIDUAL;
}

/** Page sizes of the lists, default 50. */
export const PAGE_SIZES = [50, 100, 150, 200, 250] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 50;

/** Default sorts: requests by deposit date descending, users by last name ascending. */
export const DEFAULT_REQUEST_SORT = { searchSort: 'depositDate', searchDir: 'desc' } as const;
export const DEFAULT_USER_SORT = { searchSort: 'lastName', searchDir: 'asc' } as const;

/** Perimeter types of the operator form's radio (docs/api-groups.md "The screen"). */
export const PERIMETER_TYPES = [
  { value: 'department', label: 'Département' },
  { value: 'epci', label: 'EPCI' },
  { value: 'town', label: 'Commune' },
] as const satisfies readonly Option[];
export type PerimeterType = (typeof PERIMETER_TYPES)[number]['value'];

/** Group types of /groups/{type}: operators and subcontractors. */
export const GROUP_TYPES = [
  { value: 'operator', label: 'Opérateurs' },
  { value: 'soustraitant', label: 'Sous-traitants' },
] as const satisfies readonly Option[];
export type GroupType = (typeof GROUP_TYPES)[number]['value'];
