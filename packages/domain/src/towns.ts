import { TOWNS_DATA } from './towns-data.ts';

/** The inter-municipal community that runs the portal (DGCL 2026). */
export const COMMUNITY = {
  name: 'CC Maremne Adour Côte Sud',
  siren: '244000865',
  departement: '40',
} as const;

/**
 * Attribution of the towns data (shared/data/README.md), to show wherever the data is shown.
 * Licence Ouverte / Open Licence (Etalab 2.0).
 */
export const TOWNS_ATTRIBUTION =
  'Contours : IGN – ADMIN EXPRESS COG 2018, via gregoiredavid/france-geojson (Licence Ouverte). Codes et populations : INSEE, DGCL, La Poste, via @etalab/decoupage-administratif 2026 (Licence Ouverte).';

/** A member town of the community. */
export interface Town {
  /** INSEE commune code, 5 characters (`40065`). */
  readonly inseeCode: string;
  /** Official COG name, with accents (`Bénesse-Maremne`). */
  readonly name: string;
  /** La Poste postal codes; every member town has exactly one today. */
  readonly postalCodes: readonly string[];
  /** La Poste delivery label, upper case (`ST-VINCENT-DE-TYROSSE`). */
  readonly libelleAcheminement: string;
  readonly siren: string;
  /** `[lon, lat]` point guaranteed inside the town (markers, test points). */
  readonly pointInterieur: readonly [number, number];
}

/** The 23 member towns, in INSEE code order. */
export const TOWNS: readonly Town[] = TOWNS_DATA;

/** Number of member towns (docs/constants.md "Member towns"). */
export const TOWN_COUNT = 23;

const ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  sts: 'saints',
  stes: 'saintes',
};

/**
 * Normalizes a town name for comparison: lower case, no accents, hyphens, apostrophes and
 * dots as spaces, and the "St"/"Ste" abbreviations spelled out.
 */
export function normalizeTownName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[-'’.,_/]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

const TOWNS_BY_KEY = new Map<string, Town>();
for (const town of TOWNS) {
  TOWNS_BY_KEY.set(normalizeTownName(town.name), town);
  TOWNS_BY_KEY.set(normalizeTownName(town.libelleAcheminement), town);
}

/**
 * Finds a member town by name, tolerant of case, accents, hyphens and the St/Ste
 * abbreviations; the La Poste delivery label (`ST-GEOURS-MAREMNE`) also matches.
 */
export function findTownByName(name: string | null | undefined): Town | undefined {
  if (!name) return undefined;
  return TOWNS_BY_KEY.get(normalizeTownName(name));
}

/** Finds a member town by INSEE code. */
export function findTownByInseeCode(inseeCode: string | null | undefined): Town | undefined {
  if (!inseeCode) return undefined;
  return TOWNS.find((town) => town.inseeCode === inseeCode.trim());
}

/** Member towns that use this postal code (several towns share one). */
export function findTownsByPostalCode(postalCode: string | null | undefined): readonly Town[] {
  if (!postalCode) return [];
  const code = postalCode.trim();
  return TOWNS.filter((town) => town.postalCodes.includes(code));
}

/** True when the name designates one of the 23 member towns. */
export function isMemberTown(name: string | null | undefined): boolean {
  return findTownByName(name) !== undefined;
}

/**
 * Wizard step 1 error when the locality is not a member town (docs/validation.md "Step 1",
 * exact text).
 */
export function notMemberTownMessage(city: string): string {
  return `${city} ne fait pas partie de la communauté.`;
}
