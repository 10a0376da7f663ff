import { BAN_COLUMNS } from '../import/addresses.ts';
import { lambert93, toLonLat, type Pt } from './geo.ts';
import type { Segment, SegmentKind, Street } from './model.ts';
import { afnor } from './names.ts';
import type { Random } from './prng.ts';

// Writers of the official formats (shared/data/README.md): IGN BD TOPO troncon_de_route,
// Etalab cadastre parcels, BAN addresses CSV; and the zones GeoJSON of docs/data-import.md.

const COMMUNITY = 'CC Maremne Adour Côte Sud';

interface BdTopoAttributes {
  nature: string;
  importance: string;
  classement: string | null;
  gestionnaire: string | null;
  urbain: boolean;
  itineraireVert: boolean;
  lanes: number;
  width: number;
  speed: number;
}

const BDTOPO_BY_KIND: Readonly<Record<SegmentKind, BdTopoAttributes>> = {
  street: {
    nature: 'Route à 1 chaussée',
    importance: '5',
    classement: null,
    gestionnaire: null,
    urbain: true,
    itineraireVert: false,
    lanes: 2,
    width: 5,
    speed: 30,
  },
  main: {
    nature: 'Route à 1 chaussée',
    importance: '3',
    classement: 'Départementale',
    gestionnaire: 'Département des Landes',
    urbain: true,
    itineraireVert: false,
    lanes: 2,
    width: 6.5,
    speed: 45,
  },
  mainOutside: {
    nature: 'Route à 1 chaussée',
    importance: '3',
    classement: 'Départementale',
    gestionnaire: 'Département des Landes',
    urbain: false,
    itineraireVert: false,
    lanes: 2,
    width: 6.5,
    speed: 80,
  },
  rural: {
    nature: 'Route à 1 chaussée',
    importance: '4',
    classement: null,
    gestionnaire: null,
    urbain: false,
    itineraireVert: false,
    lanes: 2,
    width: 4.5,
    speed: 50,
  },
  track: {
    nature: 'Chemin',
    importance: '6',
    classement: null,
    gestionnaire: null,
    urbain: false,
    itineraireVert: false,
    lanes: 1,
    width: 3,
    speed: 20,
  },
  zone: {
    nature: 'Route à 1 chaussée',
    importance: '4',
    classement: 'Route intercommunale',
    gestionnaire: COMMUNITY,
    urbain: true,
    itineraireVert: false,
    lanes: 2,
    width: 7,
    speed: 40,
  },
  motorway: {
    nature: 'Type autoroutier',
    importance: '1',
    classement: 'Autoroute',
    gestionnaire: 'Atlandes',
    urbain: false,
    itineraireVert: false,
    lanes: 4,
    width: 14,
    speed: 130,
  },
  greenway: {
    nature: 'Piste cyclable',
    importance: '6',
    classement: null,
    gestionnaire: COMMUNITY,
    urbain: false,
    itineraireVert: true,
    lanes: 1,
    width: 3,
    speed: 0,
  },
};

/** BD TOPO `cleabs` of the n-th segment: TRONROUT + 16 digits. */
export function cleabs(n: number): string {
  return `TRONROUT${String(2_000_000_000_000 + n).padStart(16, '0')}`;
}

export function line(points: readonly Pt[]): { type: 'LineString'; coordinates: [number, number][] } {
  return { type: 'LineString', coordinates: points.map(toLonLat) };
}

/** A troncon_de_route feature (BD TOPO v3 attribute names, EPSG:4326). */
export function troncon(n: number, segment: Segment, dates: { created: string; updated: string }): string {
  const a = BDTOPO_BY_KIND[segment.kind];
  const name = segment.street?.name ?? (segment.kind === 'greenway' ? 'Voie Verte du Littoral' : null);
  const properties = {
    cleabs: cleabs(n),
    nature: a.nature,
    nom_collaboratif_gauche: name,
    nom_collaboratif_droite: name,
    importance: a.importance,
    fictif: false,
    position_par_rapport_au_sol: '0',
    etat_de_l_objet: 'En service',
    date_creation: dates.created,
    date_modification: dates.updated,
    sources: null,
    nombre_de_voies: a.lanes,
    largeur_de_chaussee: a.width,
    itineraire_vert: a.itineraireVert,
    prive: false,
    sens_de_circulation: a.nature === 'Piste cyclable' ? 'Sans objet' : 'Double sens',
    urbain: a.urbain,
    vitesse_moyenne_vl: a.speed,
    acces_vehicule_leger: a.nature === 'Piste cyclable' ? 'Physiquement impossible' : 'Libre',
    insee_commune_gauche: segment.insee,
    insee_commune_droite: segment.insee,
    nom_voie_ban_gauche: name,
    nom_voie_ban_droite: name,
    cpx_numero: segment.numero ?? (segment.kind === 'motorway' ? 'A63' : null),
    cpx_numero_route_europeenne: segment.kind === 'motorway' ? 'E05;E70;E80' : null,
    cpx_classement_administratif: a.classement,
    cpx_gestionnaire: a.gestionnaire,
  };
  return JSON.stringify({
    type: 'Feature',
    id: properties.cleabs,
    geometry: line(segment.points),
    properties,
  });
}

/** Etalab parcel id: INSEE + prefixe '000' + section (2, zero-padded) + numéro (4, zero-padded). */
/** A date 'YYYY-MM-DD' between two years, and one after it (the parcel's update). */
export function dates(random: Random, from: number, to: number): { created: string; updated: string } {
  const day = 86_400_000;
  const start = Date.UTC(from, 0, 1);
  const created = start + Math.floor((random.next() * (Date.UTC(to, 11, 31) - start)) / day) * day;
  const updated = Math.min(Date.UTC(2025, 11, 31), created + Math.floor(random.next() * 6 * 365) * day);
  return {
    created: new Date(created).toISOString().slice(0, 10),
    updated: new Date(updated).toISOString().slice(0, 10),
  };
}

/** Section codes of a town: A … Z, AA, AB … */
export function sectionCode(n: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return n < 26 ? letters[n]! : `${letters[Math.floor(n / 26) - 1]!}${letters[n % 26]!}`;
}

export function parcelId(insee: string, section: string, numero: number): string {
  return `${insee}000${section.padStart(2, '0')}${String(numero).padStart(4, '0')}`;
}

export interface ParcelFields {
  id: string;
  insee: string;
  section: string;
  numero: number;
  contenance: number | null;
  arpente: boolean;
  created: string;
  updated: string;
  ring: readonly Pt[];
}

/** An Etalab cadastre parcel feature (`cadastre-*-parcelles.json`). */
export function parcelFeature(p: ParcelFields): string {
  const coordinates = p.ring.map(toLonLat);
  coordinates.push(coordinates[0]!);
  // The Etalab key order: contenance (when known) before arpente, created and updated.
  const properties = {
    id: p.id,
    commune: p.insee,
    prefixe: '000',
    section: p.section,
    numero: String(p.numero),
    ...(p.contenance === null ? {} : { contenance: p.contenance }),
    arpente: p.arpente,
    created: p.created,
    updated: p.updated,
  };
  return JSON.stringify({
    type: 'Feature',
    id: p.id,
    geometry: { type: 'Polygon', coordinates: [coordinates] },
    properties,
  });
}

export interface AddressFields {
  insee: string;
  postalCode: string;
  townName: string;
  libelleAcheminement: string;
  street: Street;
  numero: number;
  rep: string | null;
  point: Pt;
  parcel: string;
}

/** The BAN header line. */
export const BAN_HEADER = `${BAN_COLUMNS.join(';')}\n`;

function csvField(value: string): string {
  return /[;"\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A BAN CSV row (same columns as adresses-40.csv). */
export function banRow(a: AddressFields): string {
  const [lon, lat] = toLonLat(a.point);
  const [x, y] = lambert93(lon, lat);
  const id = `${a.insee}_${a.street.code}_${String(a.numero).padStart(5, '0')}${a.rep ? `_${a.rep}` : ''}`;
  const values: Record<(typeof BAN_COLUMNS)[number], string> = {
    id,
    id_fantoir: `${a.insee}_${a.street.code}`,
    numero: String(a.numero),
    rep: a.rep ?? '',
    nom_voie: a.street.name,
    code_postal: a.postalCode,
    code_insee: a.insee,
    nom_commune: a.townName,
    code_insee_ancienne_commune: '',
    nom_ancienne_commune: '',
    x: x.toFixed(2),
    y: y.toFixed(2),
    lon: String(lon),
    lat: String(lat),
    type_position: 'entrée',
    alias: '',
    nom_ld: '',
    libelle_acheminement: a.libelleAcheminement,
    nom_afnor: afnor(a.street.name),
    source_position: 'commune',
    source_nom_voie: 'commune',
    certification_commune: '1',
    cad_parcelles: a.parcel,
  };
  return `${BAN_COLUMNS.map((column) => csvField(values[column])).join(';')}\n`;
}

/** An operation zone feature: code_ope, nom, code_insee. */
export function zoneFeature(code: string, name: string, insee: string, outline: readonly Pt[]): string {
  const coordinates = outline.map(toLonLat);
  coordinates.push(coordinates[0]!);
  return JSON.stringify({
    type: 'Feature',
    id: code,
    geometry: { type: 'Polygon', coordinates: [coordinates] },
    properties: { code_ope: code, nom: name, code_insee: insee, demo: true },
  });
}
