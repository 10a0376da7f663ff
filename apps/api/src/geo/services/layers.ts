import { sql, type Kysely } from 'kysely';
import { canUser, COMMUNITY_WAY_TYPES, isCapability, MapLayerSchema, type MapLayer } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { bboxEnvelope, type BBox } from './sql-helpers.ts';
import { featureCollectionJson } from './geojson.ts';

/** Most features one layer answer carries; beyond, the collection says `truncated: true`. */
export const MAX_LAYER_FEATURES = 5000;
/** The roads layer's smallest zoom without a bbox limit; below it the bbox may span ROADS_MAX_SPAN_LOW_ZOOM. */
export const ROADS_MIN_ZOOM = 13;
export const ROADS_MAX_SPAN_LOW_ZOOM = 0.2;
export const ROADS_MAX_SPAN = 1;
/** Parcels are drawn from this zoom on; below, the answer is empty. */
export const PARCELS_MIN_ZOOM = 16;
export const PARCELS_MAX_SPAN = 0.1;
/** From this zoom on, lines are sent as stored. */
const FULL_DETAIL_ZOOM = 17;

/** Consultations a bbox may span, in degrees (as the roads at any zoom). */
export const CONSULTATIONS_MAX_SPAN = 1;

/**
 * `GET map-layers`: the map layers (docs/data-model.md "Entities"), by drawing order; a row outside
 * the domain's schema is a server fault. A layer that names a capability (`map_layer.capability`,
 * the staff's consultations) is listed only for a viewer holding it — never on the public map
 * (`viewer` null).
 */
export async function listMapLayers(
  db: Kysely<Database>,
  viewer: { roles: readonly string[] } | null,
): Promise<MapLayer[]> {
  const rows = await db
    .selectFrom('mapLayer')
    .select([
      'id',
      'layerName',
      'text',
      'type',
      'url',
      'format',
      'projection',
      'map',
      'matrix',
      'opacity',
      'zindex',
      'checked',
      'baseLayer',
      'attribution',
      'minZoom',
      'maxZoom',
      'capability',
    ])
    .orderBy('zindex')
    .orderBy('id')
    .execute();
  return rows
    .filter(
      ({ capability }) =>
        capability === null || (viewer !== null && isCapability(capability) && canUser(viewer, capability)),
    )
    .map((row) => MapLayerSchema.parse(row));
}

/**
 * `GET layers/consultations`: the Plat'AU consultations whose place meets the bbox (properties
 * id, platau_id, service), the newest first, at most MAX_LAYER_FEATURES.
 */
export async function consultationsLayer(db: Kysely<Database>, bbox: BBox): Promise<string> {
  // The connection's camel-case plugin names the column platauId; the layer keeps the spec's platau_id.
  const { rows } = await sql<{ id: number; platauId: string; service: string; geometry: string }>`
    SELECT c.id, c.platau_id, c.service, ST_AsGeoJSON(c.geom, 6) AS geometry
    FROM consultation c
    WHERE c.geom && ${bboxEnvelope(bbox)}
    ORDER BY c.created_at DESC, c.id DESC
    LIMIT ${MAX_LAYER_FEATURES + 1}`.execute(db);
  return featureCollectionJson(
    rows.slice(0, MAX_LAYER_FEATURES).map((row) => ({
      id: row.id,
      geometry: row.geometry,
      properties: { id: row.id, platau_id: row.platauId, service: row.service },
    })),
    rows.length > MAX_LAYER_FEATURES ? { truncated: true } : {},
  );
}

/** Half a screen pixel at this web-mercator zoom, in degrees of longitude: what simplification may drop unseen. */
function simplifyTolerance(zoom: number): number {
  if (zoom >= FULL_DETAIL_ZOOM) return 0;
  return 360 / (256 * 2 ** zoom) / 2;
}

/** Decimals of the coordinates: ~1 m below full detail, ~0.1 m at full detail. */
function precision(zoom: number): number {
  return zoom >= FULL_DETAIL_ZOOM ? 6 : 5;
}

/**
 * `GET layers/roads`: the road segments in the bbox, simplified by zoom, with `accepted`
 * (way type managed by the community) for the colours. The longest first, so that a capped
 * answer keeps the roads one sees.
 */
export async function roadsLayer(db: Kysely<Database>, bbox: BBox, zoom: number): Promise<string> {
  const tolerance = simplifyTolerance(zoom);
  const { rows } = await sql<{
    id: number;
    typevoie: string;
    nom: string | null;
    numero: string | null;
    geometry: string;
  }>`
    SELECT r.id, r.typevoie, r.name AS nom, r.numero,
      ST_AsGeoJSON(CASE WHEN ${tolerance}::float8 > 0 THEN ST_Simplify(r.geom, ${tolerance}::float8, true) ELSE r.geom END,
        ${precision(zoom)}::int) AS geometry
    FROM road_segment r
    WHERE r.geom && ${bboxEnvelope(bbox)}
    ORDER BY ST_Length(r.geom) DESC, r.id
    LIMIT ${MAX_LAYER_FEATURES + 1}`.execute(db);
  const accepted = new Set<string>(COMMUNITY_WAY_TYPES);
  return featureCollectionJson(
    rows.slice(0, MAX_LAYER_FEATURES).map((row) => ({
      id: row.id,
      geometry: row.geometry,
      properties: {
        id: row.id,
        typevoie: row.typevoie,
        nom: row.nom,
        numero: row.numero,
        accepted: accepted.has(row.typevoie),
      },
    })),
    rows.length > MAX_LAYER_FEATURES ? { truncated: true } : {},
  );
}

/** `GET layers/parcels`: the parcels in the bbox from zoom 16, else an empty collection. */
export async function parcelsLayer(
  db: Kysely<Database>,
  bbox: BBox,
  zoom: number | undefined,
): Promise<string> {
  if (zoom === undefined || zoom < PARCELS_MIN_ZOOM) return featureCollectionJson([]);
  const { rows } = await sql<{
    id: string;
    section: string;
    numero: string;
    insee: string;
    geometry: string;
  }>`
    SELECT p.id, p.section, p.numero, p.insee_code AS insee, ST_AsGeoJSON(p.geom, 6) AS geometry
    FROM parcel p
    WHERE p.geom && ${bboxEnvelope(bbox)}
    ORDER BY p.id
    LIMIT ${MAX_LAYER_FEATURES + 1}`.execute(db);
  return featureCollectionJson(
    rows.slice(0, MAX_LAYER_FEATURES).map((row) => ({
      id: row.id,
      geometry: row.geometry,
      properties: { id: row.id, section: row.section, numero: row.numero, insee: row.insee },
    })),
    rows.length > MAX_LAYER_FEATURES ? { truncated: true } : {},
  );
}
