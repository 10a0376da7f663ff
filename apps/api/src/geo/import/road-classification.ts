import { COMMUNITY_WAY_TYPES, IN_URBAN_WAY_TYPE, TYPE_DE_VOIE_OPTIONS } from '@voirie/domain';
import type { FeatureProperties } from './features.ts';
import { bool, integer, normalizeKey, text } from './values.ts';

/**
 * Road classifications -> the portal's way type (`road_segment.typevoie`). The mapping table
 * is in docs/data-import.md; keep both in step. The four accepted types are the domain's
 * COMMUNITY_WAY_TYPES; the others are stored too, so that the wizard names the refused type.
 */

/** Way types stored for roads the community does not manage (the wizard refuses them). */
export const OTHER_WAY_TYPES = [
  'Autoroute',
  'Route nationale',
  'Route départementale',
  'Chemin rural',
  'Voie privée',
] as const;

/** Every way type a road segment may carry. */
export const ROAD_WAY_TYPES: readonly string[] = [...COMMUNITY_WAY_TYPES, ...OTHER_WAY_TYPES];

/** Road formats: the portal's own columns, IGN BD TOPO troncon_de_route, OpenStreetMap ways. */
export type RoadFormat = 'portail' | 'bdtopo' | 'osm';

export interface RoadClass {
  typevoie: string;
  /** Road number, 'D652' (no space). */
  numero: string | null;
  inUrban: boolean;
}

export type Classification =
  { kind: 'road'; road: RoadClass } | { kind: 'skip'; reason: string } | { kind: 'error'; reason: string };

/** Which format a feature's properties follow, or null. */
export function detectRoadFormat(properties: FeatureProperties): RoadFormat | null {
  if ('typevoie' in properties) return 'portail';
  if ('cleabs' in properties || 'cpx_classement_administratif' in properties) return 'bdtopo';
  if ('highway' in properties) return 'osm';
  return null;
}

/** 'D 652', 'd652', 'D652;D810' -> 'D652' (the first number). */
export function normalizeRoadNumber(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const first = raw.split(/[;,]/)[0]!.trim();
  return first.replace(/\s+/g, '').toUpperCase() || null;
}

function road(typevoie: string, numero: string | null, inUrban: boolean): Classification {
  return { kind: 'road', road: { typevoie, numero, inUrban: inUrban || typevoie === IN_URBAN_WAY_TYPE } };
}

// ---------------------------------------------------------------------------------------------
// Portal format: `typevoie` given (shared/data/README.md "What the portal itself needs").

export function classifyPortal(properties: FeatureProperties): Classification {
  const given = text(properties.typevoie);
  if (!given) return { kind: 'error', reason: 'typevoie vide.' };
  const known = ROAD_WAY_TYPES.find((type) => normalizeKey(type) === normalizeKey(given));
  if (!known)
    return {
      kind: 'error',
      reason: `classification inconnue : typevoie « ${given} » (attendu : ${ROAD_WAY_TYPES.join(', ')}).`,
    };
  const urbain = bool(properties.urbain);
  return road(known, normalizeRoadNumber(properties.numero), urbain === true);
}

// ---------------------------------------------------------------------------------------------
// IGN BD TOPO v3, troncon_de_route.

/** BD TOPO `nature` values (normalised); unknown ones stop the import. */
const BDTOPO_NATURES = new Set(
  [
    'Route à 1 chaussée',
    'Route à 2 chaussées',
    'Rond-point',
    'Route empierrée',
    'Chemin',
    'Sentier',
    'Piste cyclable',
    'Bretelle',
    'Type autoroutier',
    'Escalier',
    'Bac ou liaison maritime',
  ].map(normalizeKey),
);
/** Not roads: skipped and counted. */
const BDTOPO_NOT_ROADS = new Set(['Escalier', 'Bac ou liaison maritime'].map(normalizeKey));
const BDTOPO_UNPAVED = new Set(['Chemin', 'Sentier'].map(normalizeKey));

export function classifyBdTopo(properties: FeatureProperties): Classification {
  const natureText = text(properties.nature);
  const nature = natureText ? normalizeKey(natureText) : '';
  if (natureText && !BDTOPO_NATURES.has(nature))
    return { kind: 'error', reason: `classification inconnue : nature « ${natureText} ».` };
  if (BDTOPO_NOT_ROADS.has(nature)) return { kind: 'skip', reason: 'non routier' };
  const classText = text(properties.cpx_classement_administratif);
  const classement = classText ? normalizeKey(classText) : '';
  const numero = normalizeRoadNumber(properties.cpx_numero);
  const urbain = bool(properties.urbain) === true;
  switch (classement) {
    case 'autoroute':
      return road('Autoroute', numero, urbain);
    case 'nationale':
      return road('Route nationale', numero, urbain);
    case 'departementale':
      return road(urbain ? 'Voie departementale en agglomeration' : 'Route départementale', numero, urbain);
    case 'route intercommunale':
      return road('VPC ZA', numero, urbain);
    case 'chemin rural':
      return road('Chemin rural', numero, urbain);
    case 'voie communale':
    case 'communale':
      return road('Voie communale', numero, urbain);
    case '':
    case 'sans objet':
      if (nature === normalizeKey('Type autoroutier')) return road('Autoroute', numero, urbain);
      if (nature === normalizeKey('Piste cyclable') || bool(properties.itineraire_vert) === true)
        return road('Voie Verte', numero, urbain);
      if (bool(properties.prive) === true) return road('Voie privée', numero, urbain);
      if (BDTOPO_UNPAVED.has(nature)) return road('Chemin rural', numero, urbain);
      return road('Voie communale', numero, urbain);
    default:
      return {
        kind: 'error',
        reason: `classification inconnue : cpx_classement_administratif « ${classText} ».`,
      };
  }
}

// ---------------------------------------------------------------------------------------------
// OpenStreetMap ways (osmtogeojson, ogr2ogr, Overpass exports): tags as properties.

const OSM_ROADS = new Set([
  'motorway',
  'motorway_link',
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'pedestrian',
  'track',
  'road',
  'cycleway',
  'busway',
]);
/** Ways that are not roads of the public domain: skipped and counted. */
const OSM_NOT_ROADS = new Set([
  'footway',
  'path',
  'steps',
  'bridleway',
  'corridor',
  'elevator',
  'platform',
  'bus_stop',
  'construction',
  'proposed',
  'abandoned',
  'disused',
  'razed',
  'raceway',
  'bus_guideway',
  'escape',
  'emergency_bay',
  'rest_area',
  'services',
  'via_ferrata',
  'ladder',
  'crossing',
  'traffic_island',
]);

/** In a built-up area: `urbain` given, or a French urban speed limit (50 km/h or less, FR:urban). */
function osmUrban(properties: FeatureProperties): boolean {
  const given = bool(properties.urbain);
  if (typeof given === 'boolean') return given;
  for (const key of ['maxspeed:type', 'source:maxspeed', 'zone:maxspeed', 'zone:traffic']) {
    if (normalizeKey(text(properties[key]) ?? '') === 'fr:urban') return true;
  }
  const maxspeed = text(properties.maxspeed);
  if (maxspeed && normalizeKey(maxspeed) === 'fr:urban') return true;
  const speed = maxspeed ? integer(maxspeed) : null;
  return typeof speed === 'number' && speed <= 50;
}

export function classifyOsm(properties: FeatureProperties): Classification {
  const highway = text(properties.highway);
  if (!highway) return { kind: 'error', reason: 'classification inconnue : tag highway vide.' };
  const key = highway.toLowerCase();
  if (OSM_NOT_ROADS.has(key)) return { kind: 'skip', reason: 'non routier' };
  if (!OSM_ROADS.has(key))
    return { kind: 'error', reason: `classification inconnue : highway « ${highway} ».` };
  const numero = normalizeRoadNumber(properties.ref);
  const urban = osmUrban(properties);
  if (key === 'motorway' || key === 'motorway_link' || numero?.startsWith('A'))
    return road('Autoroute', numero, urban);
  if (numero?.startsWith('N') || ((key === 'trunk' || key === 'trunk_link') && !numero?.startsWith('D'))) {
    return road('Route nationale', numero, urban);
  }
  if (numero?.startsWith('D') || numero?.startsWith('RD')) {
    return road(
      urban ? 'Voie departementale en agglomeration' : 'Route départementale',
      numero.replace(/^RD/, 'D'),
      urban,
    );
  }
  if (key === 'cycleway') return road('Voie Verte', numero, urban);
  if (key === 'track') return road('Chemin rural', numero, urban);
  const access = normalizeKey(text(properties.access) ?? '');
  if (access === 'private' || access === 'no') return road('Voie privée', numero, urban);
  return road('Voie communale', numero, urban);
}

/** Classifies a road feature in its format. */
export function classifyRoad(format: RoadFormat, properties: FeatureProperties): Classification {
  switch (format) {
    case 'portail':
      return classifyPortal(properties);
    case 'bdtopo':
      return classifyBdTopo(properties);
    case 'osm':
      return classifyOsm(properties);
  }
}

// ---------------------------------------------------------------------------------------------
// Street names.

const TYPE_PREFIXES = [...TYPE_DE_VOIE_OPTIONS]
  .map((option) => ({ key: normalizeKey(option.libelle), code: option.code }))
  .sort((a, b) => b.key.length - a.key.length);

/** The INSEE way-type code of a street name from its first words ('Rue des Pins' -> 'RUE'), or null. */
export function wayTypeCodeOfName(name: string | null): string | null {
  if (!name) return null;
  const key = normalizeKey(name).replace(/[-']/g, ' ');
  const found = TYPE_PREFIXES.find(
    (prefix) =>
      key === prefix.key.replace(/[-']/g, ' ') || key.startsWith(`${prefix.key.replace(/[-']/g, ' ')} `),
  );
  return found?.code ?? null;
}
