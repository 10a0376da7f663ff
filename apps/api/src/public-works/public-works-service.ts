import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  PERMISSION_KINDS,
  DOCUMENT_TYPE,
  GRANTED_WORKS_STATES,
  PUBLIC_WORKS_CSV_COLUMNS,
  PUBLIC_WORKS_DECIMALS,
  PUBLIC_WORKS_LICENCE,
  PUBLIC_WORKS_MAX_FEATURES,
  presentPublicWork,
  type PublicWorkProperties,
  type ReferencePlace,
  type PublicWorksQuery,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { sqlLiterals } from '../db/sql-literals.ts';
import { featureCollectionJson, loadReferencePlaces } from '../geo/services/index.ts';
import { BOM, csvLine } from '../requests/csv.ts';
import { impactSubjectOf, worksQuery, type WorksRow } from './works-query.ts';

// The public works map's data (docs/public-works.md): the works under way or to come,
// presented by the domain (presentPublicWork: no person, no house number, no free text; the place
// from the reference road and town), as GeoJSON and CSV. The same query gives the same
// bytes, hence a stable ETag (http/caching.ts).

/** The opaque, stable id of a works site: derived from the request's random public id, one way. */
export function publicWorkKey(publicId: string): string {
  return createHash('sha256').update(`travaux:${publicId}`).digest('base64url').slice(0, 16);
}

/** A published works site: its properties and where it is. */
interface PublishedWork {
  properties: PublicWorkProperties;
  /** GeoJSON text: the footprint (a network operator's works) or the approximate point. */
  geometry: string;
  lon: number | null;
  lat: number | null;
}

const round = (value: number | null, decimals: number) =>
  value === null ? null : Number(value.toFixed(decimals));

function publish(row: WorksRow, place: ReferencePlace, today: string): PublishedWork | null {
  const properties = presentPublicWork(
    {
      ...impactSubjectOf(row),
      publicKey: publicWorkKey(row.publicId),
      stateId: row.stateId,
      place,
      locality: row.addressCity,
      dateStart: row.dateStart,
      dateEnd: row.dateEnd,
      operatorName: row.operatorName,
      trafficOrderSigned: row.trafficOrderSigned,
      publishedActNumber: row.publishedActNumber,
    },
    today,
  );
  if (!properties) return null;
  const precise = properties.localisation === 'precise' && row.geometry !== null;
  const decimals = precise ? PUBLIC_WORKS_DECIMALS.center : PUBLIC_WORKS_DECIMALS.approximate;
  const lon = round(row.centerLon, decimals);
  const lat = round(row.centerLat, decimals);
  const point =
    lon === null || lat === null ? 'null' : JSON.stringify({ type: 'Point', coordinates: [lon, lat] });
  return { properties, geometry: precise ? row.geometry! : point, lon, lat };
}

/** The published works of the query on `today` (Europe/Paris), and whether the answer was cut. */
async function publishedWorks(
  db: Kysely<Database>,
  query: PublicWorksQuery,
  today: string,
): Promise<{ works: PublishedWork[]; truncated: boolean }> {
  // Only works under way or to come: a `from` in the past publishes nothing more.
  const from = query.from && query.from > today ? query.from : today;
  const { rows } = await worksQuery(
    { from, to: query.to, bbox: query.bbox },
    { limit: PUBLIC_WORKS_MAX_FEATURES, geometry: 'operators' },
  ).execute(db);
  const kept = rows.slice(0, PUBLIC_WORKS_MAX_FEATURES);
  const places = await loadReferencePlaces(
    db,
    kept.map((row) => row.id),
  );
  const works = kept
    .map((row) => publish(row, places.get(row.id) ?? { road: null, footprintInsee: null }, today))
    .filter((work): work is PublishedWork => work !== null);
  return { works, truncated: rows.length > PUBLIC_WORKS_MAX_FEATURES };
}

/** `GET public/works.geojson`: a FeatureCollection (RFC 7946) with the licence and the data's day. */
export async function publicWorksGeoJson(
  db: Kysely<Database>,
  query: PublicWorksQuery,
  options: { today: string; producer: string },
): Promise<string> {
  const { works, truncated } = await publishedWorks(db, query, options.today);
  return featureCollectionJson(
    works.map((work) => ({
      id: work.properties.identifiant,
      geometry: work.geometry,
      properties: work.properties,
    })),
    {
      licence: PUBLIC_WORKS_LICENCE.name,
      licence_url: PUBLIC_WORKS_LICENCE.url,
      producteur: options.producer,
      date_donnees: options.today,
      tronque: truncated,
    },
  );
}

/** `GET public/works.csv`: the same works, one line each, UTF-8 with a BOM, `;`, formulas neutralised. */
export async function publicWorksCsv(
  db: Kysely<Database>,
  query: PublicWorksQuery,
  options: { today: string },
): Promise<string> {
  const { works } = await publishedWorks(db, query, options.today);
  const lines = works.map((work) =>
    csvLine(
      PUBLIC_WORKS_CSV_COLUMNS.map((column) =>
        column === 'longitude' ? work.lon : column === 'latitude' ? work.lat : work.properties[column],
      ),
    ),
  );
  return BOM + csvLine(PUBLIC_WORKS_CSV_COLUMNS) + lines.join('');
}

/**
 * The signed traffic-police order of a published works site, found by its `identifiant` (issue
 * 18): a regulatory act, published as long as its works are granted and not received. The key is
 * computed in SQL as publicWorkKey computes it, over the requests holding a signed traffic order
 * only (the document index); the file is the authority's signed PDF.
 */
export async function publishedTrafficOrder(
  db: Kysely<Database>,
  key: string,
): Promise<{ storageKey: string; sha256: string } | null> {
  const { rows } = await sql<{
    storageKey: string;
    sha256: string;
  }>`SELECT d.storage_key AS "storageKey", d.sha256
    FROM document d JOIN request r ON r.id = d.request_id
    WHERE d.type_document_id = ${DOCUMENT_TYPE.SIGNED_TRAFFIC_ORDER}
      AND r.type IN (${sqlLiterals(PERMISSION_KINDS)}) AND r.state_id IN (${sql.join([...GRANTED_WORKS_STATES])})
      AND substr(translate(encode(sha256(convert_to('travaux:' || r.public_id, 'UTF8')), 'base64'), '+/', '-_'), 1, 16) = ${key}
    ORDER BY d.id DESC
    LIMIT 1`.execute(db);
  return rows[0] ?? null;
}
