import { z } from 'zod';

// Source : INSEE, nomenclature des types de voie du répertoire Sirene (variable « Type de voie »,
// typeVoieEtablissement), Licence Ouverte / Etalab 2.0. Copied from shared/data/voie-types.json:
// 42 codes; the form list splits SEN into « Sente » and « Sentier » and writes ECA « Écart »,
// hence 43 labels (our reading of the spec's "43 values, Allée to Village").

/** Attribution of the "type de voie" nomenclature. */
export const VOIE_TYPES_ATTRIBUTION = 'Source : INSEE, nomenclature des types de voie du répertoire Sirene';

/** The 42 INSEE way-type codes with their published labels. */
export const VOIE_TYPE_CODES = [
  { code: 'ALL', libelle: 'Allée' },
  { code: 'AV', libelle: 'Avenue' },
  { code: 'BD', libelle: 'Boulevard' },
  { code: 'CAR', libelle: 'Carrefour' },
  { code: 'CHE', libelle: 'Chemin' },
  { code: 'CHS', libelle: 'Chaussée' },
  { code: 'CITE', libelle: 'Cité' },
  { code: 'COR', libelle: 'Corniche' },
  { code: 'CRS', libelle: 'Cours' },
  { code: 'DOM', libelle: 'Domaine' },
  { code: 'DSC', libelle: 'Descente' },
  { code: 'ECA', libelle: 'Ecart' },
  { code: 'ESP', libelle: 'Esplanade' },
  { code: 'FG', libelle: 'Faubourg' },
  { code: 'GR', libelle: 'Grande Rue' },
  { code: 'HAM', libelle: 'Hameau' },
  { code: 'HLE', libelle: 'Halle' },
  { code: 'IMP', libelle: 'Impasse' },
  { code: 'LD', libelle: 'Lieu-dit' },
  { code: 'LOT', libelle: 'Lotissement' },
  { code: 'MAR', libelle: 'Marché' },
  { code: 'MTE', libelle: 'Montée' },
  { code: 'PAS', libelle: 'Passage' },
  { code: 'PL', libelle: 'Place' },
  { code: 'PLN', libelle: 'Plaine' },
  { code: 'PLT', libelle: 'Plateau' },
  { code: 'PRO', libelle: 'Promenade' },
  { code: 'PRV', libelle: 'Parvis' },
  { code: 'QUA', libelle: 'Quartier' },
  { code: 'QUAI', libelle: 'Quai' },
  { code: 'RES', libelle: 'Résidence' },
  { code: 'RLE', libelle: 'Ruelle' },
  { code: 'ROC', libelle: 'Rocade' },
  { code: 'RPT', libelle: 'Rond-point' },
  { code: 'RTE', libelle: 'Route' },
  { code: 'RUE', libelle: 'Rue' },
  { code: 'SEN', libelle: 'Sente - Sentier' },
  { code: 'SQ', libelle: 'Square' },
  { code: 'TPL', libelle: 'Terre-plein' },
  { code: 'TRA', libelle: 'Traverse' },
  { code: 'VLA', libelle: 'Villa' },
  { code: 'VLGE', libelle: 'Village' },
] as const;
export type VoieTypeCode = (typeof VOIE_TYPE_CODES)[number]['code'];

/** The 43 "type de voie" labels of the address forms (Allée … Village), with their INSEE code. */
export const TYPE_DE_VOIE_OPTIONS = [
  { libelle: 'Allée', code: 'ALL' },
  { libelle: 'Avenue', code: 'AV' },
  { libelle: 'Boulevard', code: 'BD' },
  { libelle: 'Carrefour', code: 'CAR' },
  { libelle: 'Chemin', code: 'CHE' },
  { libelle: 'Chaussée', code: 'CHS' },
  { libelle: 'Cité', code: 'CITE' },
  { libelle: 'Corniche', code: 'COR' },
  { libelle: 'Cours', code: 'CRS' },
  { libelle: 'Domaine', code: 'DOM' },
  { libelle: 'Descente', code: 'DSC' },
  { libelle: 'Écart', code: 'ECA' },
  { libelle: 'Esplanade', code: 'ESP' },
  { libelle: 'Faubourg', code: 'FG' },
  { libelle: 'Grande Rue', code: 'GR' },
  { libelle: 'Hameau', code: 'HAM' },
  { libelle: 'Halle', code: 'HLE' },
  { libelle: 'Impasse', code: 'IMP' },
  { libelle: 'Lieu-dit', code: 'LD' },
  { libelle: 'Lotissement', code: 'LOT' },
  { libelle: 'Marché', code: 'MAR' },
  { libelle: 'Montée', code: 'MTE' },
  { libelle: 'Passage', code: 'PAS' },
  { libelle: 'Place', code: 'PL' },
  { libelle: 'Plaine', code: 'PLN' },
  { libelle: 'Plateau', code: 'PLT' },
  { libelle: 'Promenade', code: 'PRO' },
  { libelle: 'Parvis', code: 'PRV' },
  { libelle: 'Quartier', code: 'QUA' },
  { libelle: 'Quai', code: 'QUAI' },
  { libelle: 'Résidence', code: 'RES' },
  { libelle: 'Ruelle', code: 'RLE' },
  { libelle: 'Rocade', code: 'ROC' },
  { libelle: 'Rond-point', code: 'RPT' },
  { libelle: 'Route', code: 'RTE' },
  { libelle: 'Rue', code: 'RUE' },
  { libelle: 'Sente', code: 'SEN' },
  { libelle: 'Sentier', code: 'SEN' },
  { libelle: 'Square', code: 'SQ' },
  { libelle: 'Terre-plein', code: 'TPL' },
  { libelle: 'Traverse', code: 'TRA' },
  { libelle: 'Villa', code: 'VLA' },
  { libelle: 'Village', code: 'VLGE' },
] as const;
export type TypeDeVoie = (typeof TYPE_DE_VOIE_OPTIONS)[number]['libelle'];
export const TYPE_DE_VOIE_LABELS: readonly TypeDeVoie[] = TYPE_DE_VOIE_OPTIONS.map(
  (option) => option.libelle,
);

/** Repetition indices of an address number (Sirene indiceRepetition, BAN rep). */
export const REPETITION_INDICES = [
  { code: 'B', libelle: 'bis' },
  { code: 'T', libelle: 'ter' },
  { code: 'Q', libelle: 'quater' },
  { code: 'C', libelle: 'quinquies' },
] as const;

/**
 * Road-segment way types the community manages (`typevoie` of `POST troncon`, docs/validation.md "Step 1");
 * 'VPC ZA' are the community zone roads.
 */
export const COMMUNITY_WAY_TYPES = [
  'Voie communale',
  'Voie departementale en agglomeration',
  'VPC ZA',
  'Voie Verte',
] as const;
export type CommunityWayType = (typeof COMMUNITY_WAY_TYPES)[number];

/** The segment way type that sets `inUrban` (departmental road in a built-up area). */
export const IN_URBAN_WAY_TYPE: CommunityWayType = 'Voie departementale en agglomeration';

/**
 * Way types of the CERFA forms and the detail screen (docs/data-model.md "Entities",
 * docs/constants.md "Way types").
 */
export const CERFA_WAY_TYPES = [
  'Autoroute',
  'Route nationale',
  'Route départementale',
  'Voie communale / Voie intercommunale',
] as const;
export type CerfaWayType = (typeof CERFA_WAY_TYPES)[number];

/** The way types as printed: the segment layer's values lack their accents. */
export const WAY_TYPE_CHOICES = [
  { value: 'Voie communale', label: 'Voie communale' },
  { value: 'Voie departementale en agglomeration', label: 'Voie départementale en agglomération' },
  { value: 'VPC ZA', label: "Voie communautaire de zone d'activités" },
  { value: 'Voie Verte', label: 'Voie verte' },
  ...CERFA_WAY_TYPES.map((type) => ({ value: type, label: type })),
] as const;

/** A request's `wayType`: the segment type found at filing, or a CERFA way type set later. */
export const WayTypeSchema = z.enum([...COMMUNITY_WAY_TYPES, ...CERFA_WAY_TYPES], {
  error: 'Type de voie inconnu',
});
export type WayType = z.infer<typeof WayTypeSchema>;

/** True when the community manages roads of this segment type. */
export function isCommunityWayType(type: string | null | undefined): type is CommunityWayType {
  return (COMMUNITY_WAY_TYPES as readonly string[]).includes(type ?? '');
}

/** Refusal when the road segment under the footprint is not managed by the community (exact text). */
export function wayTypeNotManagedMessage(type: string): string {
  return `Ce type de voie : "${type}" ne fait pas partie de la gestion de la communauté. Veuillez vérifier la localisation du chantier.`;
}

/** Refusal when no road segment was found under the footprint (exact text). */
export function noRoadFoundMessage(): string {
  return 'Aucune voie trouvée Veuillez vérifier la localisation du chantier.';
}

/**
 * Wizard step 1: checks the road segment found under the drawn shape (`POST troncon`,
 * data 0 or null when none). Accepted, it gives the request's wayType and inUrban.
 */
export function checkRoadSegment(
  typevoie: string | null | undefined,
): { ok: true; wayType: CommunityWayType; inUrban: boolean } | { ok: false; message: string } {
  if (!typevoie) return { ok: false, message: noRoadFoundMessage() };
  if (!isCommunityWayType(typevoie)) return { ok: false, message: wayTypeNotManagedMessage(typevoie) };
  return { ok: true, wayType: typevoie, inUrban: typevoie === IN_URBAN_WAY_TYPE };
}
