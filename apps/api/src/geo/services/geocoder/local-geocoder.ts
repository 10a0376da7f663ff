import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  TOWNS,
  TYPE_DE_VOIE_LABELS,
  normalizeTownName,
  type AddressCollection,
  type AddressFeature,
} from '@voirie/domain';
import type { Database } from '../../../db/schema/index.ts';
import type { AddressTable } from '../../../db/schema/geography.ts';
import { degreesCovering, pointOf } from '../sql-helpers.ts';
import { addressCollection, isSearchable, type Geocoder } from './geocoder.ts';

/** Reverse geocoding looks this far around the point. */
export const REVERSE_RADIUS_METRES = 100;
/** Street names of the road network match from this word similarity (no index: used only when no address matched). */
const ROAD_NAME_MIN_SIMILARITY = 0.5;
/** Address rows scored before grouping them by street (a query like 'rue' matches them all). */
const STREET_CANDIDATES = 2000;
/** The shortest word worth a similarity search (shorter ones are still matched as typed). */
const MIN_FUZZY_WORD = 4;
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

const STREET_TYPE_WORDS = new Set(
  TYPE_DE_VOIE_LABELS.map((label) => normalizeTownName(label).split(' ')[0]!),
);
STREET_TYPE_WORDS.add('av').add('bd').add('che').add('imp').add('rte').add('pl');

/** A house number the query asks for: at its start ('12 rue…') or right before a way type ('capbreton 12 bis rue…'). */
export function houseNumberOf(q: string): { numero: number; rep: string | null } | null {
  const words = normalizeTownName(q).split(' ');
  for (let i = 0; i < words.length; i++) {
    const match = /^(\d{1,4})(bis|ter|quater|quinquies|[a-z])?$/.exec(words[i]!);
    if (!match) continue;
    let rep = match[2] ?? null;
    let next = i + 1;
    if (
      !rep &&
      /^(bis|ter|quater|quinquies|[a-z])$/.test(words[next] ?? '') &&
      STREET_TYPE_WORDS.has(words[next + 1] ?? '')
    ) {
      rep = words[next]!;
      next++;
    }
    if (i === 0 || STREET_TYPE_WORDS.has(words[next] ?? '')) return { numero: Number(match[1]), rep };
  }
  return null;
}

/** What an address point and a street found share: BAN columns, with the search's score. */
type PlaceRow = Pick<AddressTable, 'nomVoie' | 'codePostal' | 'codeInsee' | 'nomCommune' | 'lon' | 'lat'> & {
  score: number;
  distance?: number;
};

type AddressRow = PlaceRow & Pick<AddressTable, 'id' | 'numero' | 'rep'>;

type StreetRow = PlaceRow & { streetId: string };

const round = (value: number, digits: number) => Math.round(Number(value) * 10 ** digits) / 10 ** digits;

function point(lon: number, lat: number): AddressFeature['geometry'] {
  return { type: 'Point', coordinates: [round(lon, 6), round(lat, 6)] };
}

/** An address point as the national API presents it ('12bis Rue des Pins 40130 Capbreton'). */
function addressFeature(row: AddressRow): AddressFeature {
  const postcode = row.codePostal ?? '';
  const common = {
    postcode,
    citycode: row.codeInsee,
    city: row.nomCommune,
    context: contextOf(row.codeInsee),
    score: round(row.score, 4),
    id: row.id,
  };
  const extra = row.distance !== undefined ? { distance: Math.round(Number(row.distance)) } : {};
  if (row.numero === null || row.numero >= NO_NUMBER) {
    const label = `${row.nomVoie} ${postcode} ${row.nomCommune}`.replace(/\s+/g, ' ');
    return {
      type: 'Feature',
      geometry: point(row.lon, row.lat),
      properties: { label, name: row.nomVoie, type: 'locality', ...common, ...extra },
    };
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
    for (const step of searchPlan(q, limit)) {
      if (step.present === 'address') {
        const { rows } = await step.query.execute(this.db);
        if (rows.length > 0) return addressCollection(rows.map(addressFeature), meta);
      } else {
        const { rows } = await step.query.execute(this.db);
        if (rows.length > 0) return addressCollection(rows.map(streetFeature), meta);
      }
    }
    return addressCollection([], meta);
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
}

/**
 * How well the text matches an address (or street) text: pg_trgm word similarity against it,
 * or against the same without the postal code (which sits between street and town and would
 * lower an exact '12 rue des pins capbreton'). String functions only: search_normalize per
 * row costs ~50 µs in the embedded engine.
 */
function similarityTo(q: string, text: RawBuilder<string>, postcode: RawBuilder<string | null>) {
  return sql<number>`greatest(
    word_similarity(search_normalize(${q}::text), ${text}),
    word_similarity(search_normalize(${q}::text), replace(${text}, ' ' || ${postcode} || ' ', ' ')))`;
}

/**
 * Which addresses are candidates: `words`, those containing every word of the text (LIKE,
 * served by the trigram GIN index: the fast path while one types); `fuzzy`, those whose
 * word similarity to the text is at least 0.6 (`<%`: typos, a wrong town — on the embedded
 * engine a scan of the table, hence only when the words found nothing).
 */
export type AddressMatch =
  { kind: 'words'; words: readonly string[] } | { kind: 'fuzzy'; towns?: readonly string[] };

function candidates(q: string, match: AddressMatch) {
  if (match.kind === 'fuzzy') {
    const similar = sql<boolean>`search_normalize(${q}::text) <% a.search_text`;
    if (!match.towns?.length) return similar;
    return sql<boolean>`a.code_insee IN (${sql.join(match.towns)}) AND ${similar}`;
  }
  return sql.join(
    match.words.map((word) => sql<boolean>`a.search_text LIKE ${`%${word}%`}`),
    sql` AND `,
  );
}

/**
 * Candidates scored per row (word similarity is costly: ~0.1–0.5 ms a row in the embedded
 * engine): rows holding every word are all relevant, a hundred suffice; similar rows are
 * ranked only once scored, so more are kept.
 */
function candidateCap(match: AddressMatch): number {
  return match.kind === 'words' ? 100 : STREET_CANDIDATES;
}

/** Edit distance (insertions, deletions, substitutions, transpositions) of two short words. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

// Words of the member towns' names (and their postal codes) -> INSEE codes; 'saint' and
// the like name no town on their own.
const GENERIC_TOWN_WORDS = new Set(['saint', 'sainte', 'de', 'les', 'et', 'bains', 'le', 'la']);
const TOWN_WORDS = new Map<string, Set<string>>();
for (const town of TOWNS) {
  for (const word of [...normalizeTownName(town.name).split(' '), ...town.postalCodes]) {
    if (GENERIC_TOWN_WORDS.has(word)) continue;
    TOWN_WORDS.set(word, (TOWN_WORDS.get(word) ?? new Set()).add(town.inseeCode));
  }
}

/**
 * The member towns the text names, by a word of their name (a typo or two allowed in long
 * words: 'capbretn') or their postal code: the similar-address search looks there first.
 */
export function townsNamedIn(q: string): string[] {
  const found = new Set<string>();
  for (const word of normalizeTownName(q).split(' ')) {
    if (word.length < 3) continue;
    for (const [townWord, codes] of TOWN_WORDS) {
      const tolerance = word.length < 5 || /\d/.test(word) ? 0 : townWord.length >= 8 ? 2 : 1;
      if (
        word === townWord ||
        (tolerance > 0 &&
          Math.abs(word.length - townWord.length) <= tolerance &&
          editDistance(word, townWord) <= tolerance)
      ) {
        for (const code of codes) found.add(code);
      }
    }
  }
  return [...found].sort();
}

/** The words of the text a matching address must contain: normalized, letters and digits, the house number and its index left out. */
export function searchWords(q: string, wanted: { numero: number; rep: string | null } | null): string[] {
  const words = q
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 2);
  if (!wanted) return words;
  const number = String(wanted.numero);
  return words.filter(
    (word) => word !== number && word !== `${number}${wanted.rep ?? ''}` && word !== wanted.rep,
  );
}

/**
 * Candidate addresses (the asked number first), scored:
 * 0.8 similarity + 0.2 same number and index (0.1 same number only).
 */
export function houseNumberQuery(
  q: string,
  wanted: { numero: number; rep: string | null },
  limit: number,
  match: AddressMatch,
) {
  return sql<AddressRow>`
    WITH hits AS (
      SELECT a.* FROM address a
      WHERE ${candidates(q, match)}
      ORDER BY coalesce(a.numero = ${wanted.numero}::int, false) DESC
      LIMIT ${candidateCap(match)}::int
    )
    SELECT a.id, a.numero, a.rep, a.nom_voie, a.code_postal, a.code_insee, a.nom_commune, a.lon, a.lat,
      0.8 * ${similarityTo(q, sql`a.search_text`, sql`a.code_postal`)}
        + CASE WHEN a.numero = ${wanted.numero}::int
            AND coalesce(lower(a.rep), '') = coalesce(${wanted.rep}::text, coalesce(lower(a.rep), '')) THEN 0.2
          WHEN a.numero = ${wanted.numero}::int THEN 0.1 ELSE 0 END AS score
    FROM hits a
    ORDER BY score DESC, a.numero, a.rep NULLS FIRST, a.id
    LIMIT ${limit}::int`;
}

/**
 * Streets: candidate addresses (at most 2,000) grouped by street and town, each street
 * scored once on its own text; the position is the street's most central address.
 */
export function streetQuery(q: string, limit: number, match: AddressMatch) {
  return sql<StreetRow>`
    WITH streets AS (
      SELECT a.code_insee, a.nom_voie, min(a.code_postal) AS code_postal, min(a.nom_commune) AS nom_commune,
        min(a.id) AS first_id, ST_Collect(a.geom) AS points
      FROM (SELECT * FROM address a WHERE ${candidates(q, match)} LIMIT ${STREET_CANDIDATES}::int) AS a
      GROUP BY a.code_insee, a.nom_voie
    ), scored AS (
      SELECT s.*, search_normalize(concat_ws(' ', s.nom_voie, s.code_postal, s.nom_commune)) AS text FROM streets s
    )
    SELECT
      CASE WHEN s.first_id ~ '^[^_]+_[^_]+_' THEN substring(s.first_id FROM '^[^_]+_[^_]+') ELSE s.code_insee || '_' || s.first_id END AS street_id,
      s.nom_voie, s.code_postal, s.code_insee, s.nom_commune, ST_X(c.p) AS lon, ST_Y(c.p) AS lat,
      0.9 * ${similarityTo(q, sql`s.text`, sql`s.code_postal`)} + 0.1 * similarity(search_normalize(${q}::text), s.text) AS score
    FROM scored s, LATERAL (SELECT ST_ClosestPoint(s.points, ST_Centroid(s.points)) AS p) AS c
    ORDER BY score DESC, s.nom_voie, s.code_insee
    LIMIT ${limit}::int`;
}

/** One step of a search: a query and how its rows become features. */
export type SearchStep =
  | { present: 'address'; query: ReturnType<typeof houseNumberQuery> }
  | { present: 'street'; query: ReturnType<typeof streetQuery> };

/**
 * The queries of a local search, in order; the first that finds rows answers: the addresses
 * containing every word, then the similar ones in the towns the text names, then the
 * similar ones anywhere, then the similar street names of the road network. House numbers
 * when the text has one, else streets.
 */
export function searchPlan(q: string, limit: number): SearchStep[] {
  const wanted = houseNumberOf(q);
  const words = searchWords(q, wanted);
  // '12', '12 r': nothing to look for yet (and no table scan for it).
  if (words.length === 0) return [];
  const towns = townsNamedIn(q);
  // A similarity search needs one real word ('12 ru xx' finds nothing by its words: no scan either).
  const fuzzy = words.some((word) => word.length >= MIN_FUZZY_WORD && !/^\d+$/.test(word));
  const matches: AddressMatch[] = [
    { kind: 'words', words },
    ...(fuzzy && towns.length > 0 ? [{ kind: 'fuzzy' as const, towns }] : []),
    ...(fuzzy ? [{ kind: 'fuzzy' as const }] : []),
  ];
  const steps: SearchStep[] = matches.map((match) =>
    wanted
      ? { present: 'address', query: houseNumberQuery(q, wanted, limit, match) }
      : { present: 'street', query: streetQuery(q, limit, match) },
  );
  if (fuzzy) steps.push({ present: 'street', query: roadNameQuery(q, limit) });
  return steps;
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
