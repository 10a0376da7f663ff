import { sql, type Kysely } from 'kysely';
import { TYPE_DE_VOIE_LABELS, normalizeTownName } from '@voirie/domain';
import type { Database } from '../../../db/schema/index.ts';
import { degreesCovering, pointOf } from '../sql-helpers.ts';
import { addressCollection, isSearchable, type AddressCollection, type AddressFeature, type Geocoder } from './geocoder.ts';

/** Reverse geocoding looks this far around the point. */
export const REVERSE_RADIUS_METRES = 100;
/** Street names of the road network match from this word similarity (no index: used only when no address matched). */
const ROAD_NAME_MIN_SIMILARITY = 0.5;
/** Address rows scored before grouping them by street (a query like 'rue' matches them all). */
const STREET_CANDIDATES = 2000;
/** BAN numbers of lieux-dits without a house number. */
const NO_NUMBER = 99999;

const DEPARTMENTS: Readonly<Record<string, string>> = {
  '40': 'Landes, Nouvelle-Aquitaine',
  '64': 'Pyrénées-Atlantiques, Nouvelle-Aquitaine',
  '33': 'Gironde, Nouvelle-Aquitaine',
  '32': 'Gers, Occitanie',
};

/** The national API's `context`: '40, Landes, Nouvelle-Aquitaine'. */
function contextOf(citycode: string): string {
  const dep = citycode.slice(0, 2);
  return DEPARTMENTS[dep] ? `${dep}, ${DEPARTMENTS[dep]}` : dep;
}

const STREET_TYPE_WORDS = new Set(TYPE_DE_VOIE_LABELS.map((label) => normalizeTownName(label).split(' ')[0]!));
STREET_TYPE_WORDS.add('av').add('bd').add('che').add('imp').add('rte').add('pl');

/** A house number the query asks for: at its start ('12 rue…') or right before a way type ('capbreton 12 bis rue…'). */
export function houseNumberOf(q: string): { numero: number; rep: string | null } | null {
  const words = normalizeTownName(q).split(' ');
  for (let i = 0; i < words.length; i++) {
    const match = /^(\d{1,4})(bis|ter|quater|quinquies|[a-z])?$/.exec(words[i]!);
    if (!match) continue;
    let rep = match[2] ?? null;
    let next = i + 1;
    if (!rep && /^(bis|ter|quater|quinquies|[a-z])$/.test(words[next] ?? '') && STREET_TYPE_WORDS.has(words[next + 1] ?? '')) {
      rep = words[next]!;
      next++;
    }
    if (i === 0 || STREET_TYPE_WORDS.has(words[next] ?? '')) return { numero: Number(match[1]), rep };
  }
  return null;
}

interface AddressRow {
  id: string;
  numero: number | null;
  rep: string | null;
  nomVoie: string;
  codePostal: string | null;
  codeInsee: string;
  nomCommune: string;
  lon: number;
  lat: number;
  score: number;
  distance?: number;
}

interface StreetRow {
  streetId: string;
  nomVoie: string;
  codePostal: string | null;
  codeInsee: string;
  nomCommune: string;
  lon: number;
  lat: number;
  score: number;
  distance?: number;
}

const round = (value: number, digits: number) => Math.round(Number(value) * 10 ** digits) / 10 ** digits;

function point(lon: number, lat: number): AddressFeature['geometry'] {
  return { type: 'Point', coordinates: [round(lon, 6), round(lat, 6)] };
}

/** An address point as the national API presents it ('12bis Rue des Pins 40130 Capbreton'). */
function addressFeature(row: AddressRow): AddressFeature {
  const postcode = row.codePostal ?? '';
  const common = { postcode, citycode: row.codeInsee, city: row.nomCommune, context: contextOf(row.codeInsee), score: round(row.score, 4), id: row.id };
  const extra = row.distance !== undefined ? { distance: Math.round(Number(row.distance)) } : {};
  if (row.numero === null || row.numero >= NO_NUMBER) {
    const label = `${row.nomVoie} ${postcode} ${row.nomCommune}`.replace(/\s+/g, ' ');
    return { type: 'Feature', geometry: point(row.lon, row.lat), properties: { label, name: row.nomVoie, type: 'locality', ...common, ...extra } };
  }
  const housenumber = `${row.numero}${row.rep ? row.rep.toLowerCase() : ''}`;
  const name = `${housenumber} ${row.nomVoie}`;
  const label = `${name} ${postcode} ${row.nomCommune}`.replace(/\s+/g, ' ');
  return {
    type: 'Feature',
    geometry: point(row.lon, row.lat),
    properties: { label, name, housenumber, street: row.nomVoie, type: 'housenumber', ...common, ...extra },
  };
}

/** A street as the national API presents it (no house number; name = street). */
function streetFeature(row: StreetRow): AddressFeature {
  const postcode = row.codePostal ?? '';
  const label = `${row.nomVoie} ${postcode} ${row.nomCommune}`.replace(/\s+/g, ' ');
  return {
    type: 'Feature',
    geometry: point(row.lon, row.lat),
    properties: {
      label,
      score: round(row.score, 4),
      id: row.streetId,
      name: row.nomVoie,
      postcode,
      citycode: row.codeInsee,
      city: row.nomCommune,
      context: contextOf(row.codeInsee),
      type: 'street',
      street: row.nomVoie,
      ...(row.distance !== undefined ? { distance: Math.round(Number(row.distance)) } : {}),
    },
  };
}

/**
 * The offline geocoder: the `address` table (BAN format) searched with pg_trgm word
 * similarity on `search_text` (normalized: case and accents ignored, typos tolerated), the
 * street names of `road_segment` when no address matches.
 */
export class LocalGeocoder implements Geocoder {
  constructor(private readonly db: Kysely<Database>) {}

  /** Free text to addresses: house numbers when the text has one, else streets; best first. */
  async search(q: string, limit: number): Promise<AddressCollection> {
    const meta = { query: q, limit };
    if (!isSearchable(q)) return addressCollection([], meta);
    const wanted = houseNumberOf(q);
    const features = wanted ? await this.searchHouseNumbers(q, wanted, limit) : await this.searchStreets(q, limit);
    if (features.length > 0) return addressCollection(features, meta);
    return addressCollection(await this.searchRoadNames(q, limit), meta);
  }

  /** The nearest address within 100 m, else the nearest named road within 100 m, else nothing. */
  async reverse(lon: number, lat: number): Promise<AddressCollection> {
    const meta = { limit: 1 };
    const address = await nearestAddressQuery(lon, lat).execute(this.db);
    if (address.rows[0]) return addressCollection([addressFeature({ ...address.rows[0], score: 1 })], meta);
    const road = await nearestRoadQuery(lon, lat).execute(this.db);
    if (road.rows[0]) return addressCollection([streetFeature({ ...road.rows[0], score: 1 })], meta);
    return addressCollection([], meta);
  }

  private async searchHouseNumbers(q: string, wanted: { numero: number; rep: string | null }, limit: number) {
    const { rows } = await houseNumberQuery(q, wanted, limit).execute(this.db);
    return rows.map(addressFeature);
  }

  private async searchStreets(q: string, limit: number) {
    const { rows } = await streetQuery(q, limit).execute(this.db);
    return rows.map(streetFeature);
  }

  private async searchRoadNames(q: string, limit: number) {
    const { rows } = await roadNameQuery(q, limit).execute(this.db);
    return rows.map(streetFeature);
  }
}

/**
 * How well the text matches an address: pg_trgm word similarity against its search text, or
 * against the same without the postal code (which sits between street and town and would
 * lower an exact '12 rue des pins capbreton').
 */
function similarityToAddress(q: string) {
  return sql<number>`greatest(
    word_similarity(search_normalize(${q}::text), a.search_text),
    word_similarity(search_normalize(${q}::text),
      search_normalize(concat_ws(' ', a.numero::text, a.rep, a.nom_voie, a.nom_commune))))`;
}

/**
 * Addresses similar to the text (`<%`: pg_trgm word similarity >= 0.6, served by the GIN
 * index on search_text), the asked number first: score = 0.8 similarity + 0.2 same number.
 */
export function houseNumberQuery(q: string, wanted: { numero: number; rep: string | null }, limit: number) {
  return sql<AddressRow>`
    SELECT a.id, a.numero, a.rep, a.nom_voie, a.code_postal, a.code_insee, a.nom_commune, a.lon, a.lat,
      0.8 * ${similarityToAddress(q)}
        + CASE WHEN a.numero = ${wanted.numero}::int
            AND coalesce(lower(a.rep), '') = coalesce(${wanted.rep}::text, coalesce(lower(a.rep), '')) THEN 0.2
          WHEN a.numero = ${wanted.numero}::int THEN 0.1 ELSE 0 END AS score
    FROM address a
    WHERE search_normalize(${q}::text) <% a.search_text
    ORDER BY score DESC, a.numero, a.rep NULLS FIRST, a.id
    LIMIT ${limit}::int`;
}

/** Streets (addresses grouped by street and town) similar to the text; the position is the street's most central address. */
export function streetQuery(q: string, limit: number) {
  return sql<StreetRow>`
    WITH hits AS (
      SELECT a.id, a.code_insee, a.nom_voie, a.code_postal, a.nom_commune, a.geom,
        ${similarityToAddress(q)} AS ws
      FROM address a
      WHERE search_normalize(${q}::text) <% a.search_text
      ORDER BY ws DESC, a.id
      LIMIT ${STREET_CANDIDATES}::int
    ), streets AS (
      SELECT code_insee, nom_voie, min(code_postal) AS code_postal, min(nom_commune) AS nom_commune,
        max(ws) AS ws, min(id) AS first_id, ST_Collect(geom) AS points
      FROM hits
      GROUP BY code_insee, nom_voie
    )
    SELECT
      CASE WHEN s.first_id ~ '^[^_]+_[^_]+_' THEN substring(s.first_id FROM '^[^_]+_[^_]+') ELSE s.code_insee || '_' || s.first_id END AS street_id,
      s.nom_voie, s.code_postal, s.code_insee, s.nom_commune, ST_X(c.p) AS lon, ST_Y(c.p) AS lat,
      s.ws * 0.9 + 0.1 * similarity(search_normalize(${q}::text), search_normalize(s.nom_voie || ' ' || s.nom_commune)) AS score
    FROM streets s, LATERAL (SELECT ST_ClosestPoint(s.points, ST_Centroid(s.points)) AS p) AS c
    ORDER BY score DESC, search_normalize(s.nom_voie), s.code_insee
    LIMIT ${limit}::int`;
}

/** Named roads of the network (by name and town) similar to the text: the fallback when no address matched. */
export function roadNameQuery(q: string, limit: number) {
  return sql<StreetRow>`
    WITH streets AS (
      SELECT r.name, r.insee_code, c.name AS city, c.postal_code, min(r.id) AS first_id, ST_Collect(r.geom) AS lines
      FROM road_segment r JOIN commune c ON c.insee_code = r.insee_code
      WHERE r.name IS NOT NULL AND r.name <> ''
      GROUP BY r.name, r.insee_code, c.name, c.postal_code
    ), scored AS (
      SELECT s.*, word_similarity(search_normalize(${q}::text),
        search_normalize(s.name || ' ' || s.postal_code || ' ' || s.city)) AS ws
      FROM streets s
    )
    SELECT s.insee_code || '_troncon_' || s.first_id AS street_id, s.name AS nom_voie, s.postal_code AS code_postal,
      s.insee_code AS code_insee, s.city AS nom_commune, ST_X(c.p) AS lon, ST_Y(c.p) AS lat, s.ws AS score
    FROM scored s, LATERAL (SELECT ST_ClosestPoint(s.lines, ST_Centroid(s.lines)) AS p) AS c
    WHERE s.ws >= ${ROAD_NAME_MIN_SIMILARITY}::float8
    ORDER BY s.ws DESC, search_normalize(s.name), s.insee_code
    LIMIT ${limit}::int`;
}

/** The nearest address point within 100 m. */
export function nearestAddressQuery(lon: number, lat: number) {
  return sql<Omit<AddressRow, 'score'> & { distance: number }>`
    WITH target AS (SELECT ${pointOf(lon, lat)} AS g)
    SELECT a.id, a.numero, a.rep, a.nom_voie, a.code_postal, a.code_insee, a.nom_commune, a.lon, a.lat,
      ST_Distance(a.geom::geography, target.g::geography) AS distance
    FROM address a, target
    WHERE a.geom && ST_Expand(target.g, ${degreesCovering(REVERSE_RADIUS_METRES)}::float8)
      AND ST_DWithin(a.geom::geography, target.g::geography, ${REVERSE_RADIUS_METRES}::float8)
    ORDER BY distance, a.id
    LIMIT 1`;
}

/** The nearest named road of a member town within 100 m, positioned at its closest point. */
export function nearestRoadQuery(lon: number, lat: number) {
  return sql<Omit<StreetRow, 'score'> & { distance: number }>`
    WITH target AS (SELECT ${pointOf(lon, lat)} AS g)
    SELECT s.insee_code || '_troncon_' || s.id AS street_id, s.name AS nom_voie, c.postal_code AS code_postal,
      s.insee_code AS code_insee, c.name AS nom_commune, ST_X(s.p) AS lon, ST_Y(s.p) AS lat, s.distance
    FROM (
      SELECT r.id, r.name, r.insee_code, ST_ClosestPoint(r.geom, target.g) AS p,
        ST_Distance(r.geom::geography, target.g::geography) AS distance
      FROM road_segment r, target
      WHERE r.name IS NOT NULL AND r.name <> ''
        AND r.geom && ST_Expand(target.g, ${degreesCovering(REVERSE_RADIUS_METRES)}::float8)
        AND ST_DWithin(r.geom::geography, target.g::geography, ${REVERSE_RADIUS_METRES}::float8)
    ) AS s JOIN commune c ON c.insee_code = s.insee_code
    ORDER BY s.distance, s.id
    LIMIT 1`;
}
