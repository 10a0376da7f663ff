import { sql, type RawBuilder } from 'kysely';
import type { Geometry } from '@voirie/domain';

/**
 * A drawn GeoJSON geometry (EPSG:4326) as a PostGIS geometry. ST_MakeValid: a self-crossing
 * polygon drawn by hand must not make GEOS throw in ST_Intersects.
 */
export function shapeOf(geometry: Geometry): RawBuilder<unknown> {
  return sql`ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(geometry)}::text), 4326))`;
}

/** Most vertices of a piece of a shape cut for a spatial join (piecesOf). */
export const PIECE_VERTICES = 64;

/**
 * A shape cut into pieces of PIECE_VERTICES vertices at most, as a subquery of one column `g`
 * (ADR 0009): joined to an indexed table by `&&`, each piece meets only what lies near it, and
 * each exact test reads a few vertices — a 5,000-position footprint compared whole to every
 * road its box covers held the embedded database for seconds. ST_Dump first: ST_Subdivide keeps
 * only a collection's polygons; ST_MakeValid: a bad shape stored before migration 0013 must not throw.
 */
export function piecesOf(shape: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(SELECT piece.g FROM ST_Dump(${shape}) AS part,
      ST_Subdivide(ST_MakeValid(part.geom), ${sql.lit(PIECE_VERTICES)}) AS piece(g))`;
}

/**
 * Most (piece, row) pairs a spatial join reads before its exact tests: the last guard of a
 * query, reached only by a shape stored larger than DRAWN_GEOMETRY_LIMITS allows today.
 */
export const MAX_CANDIDATE_PAIRS = 5000;

/** A [lon, lat] position as a PostGIS point (EPSG:4326). */
export function pointOf(lon: number, lat: number): RawBuilder<unknown> {
  return sql`ST_SetSRID(ST_MakePoint(${lon}::float8, ${lat}::float8), 4326)`;
}

/** A lon/lat rectangle as a PostGIS polygon (EPSG:4326), for `&&` index look-ups. */
export function bboxEnvelope(bbox: BBox): RawBuilder<unknown> {
  return sql`ST_MakeEnvelope(${bbox[0]}::float8, ${bbox[1]}::float8, ${bbox[2]}::float8, ${bbox[3]}::float8, 4326)`;
}

/** [minLon, minLat, maxLon, maxLat] in degrees. */
export type BBox = readonly [number, number, number, number];

/**
 * Degrees that cover at least `metres` in any direction in metropolitan France (latitude
 * up to 51.5°, where a degree of longitude is ~69 km): the `&&` pre-filter before an exact
 * metric test, so that the GIST index on EPSG:4326 geometries is used.
 */
export function degreesCovering(metres: number): number {
  return metres / 60_000;
}

/** Positions one shape drawn on a map carries at most, whatever was stored (16 MB pages). */
export const MAP_SHAPE_MAX_POSITIONS = 200;

/** Half a screen pixel at this web-mercator zoom, in degrees of longitude: what simplification may drop unseen. */
function pixelTolerance(zoom: number): number {
  return 360 / (256 * 2 ** zoom) / 2;
}

/**
 * A stored shape as GeoJSON for a map, never the whole geometry: simplified for the zoom; when
 * still above MAP_SHAPE_MAX_POSITIONS, simplified to 1/100 of its extent; when even that is too
 * many, its bounding box. ST_Simplify and ST_Envelope work on the stored coordinates without
 * GEOS, so a shape GEOS cannot read (an unclosed ring) still has one. The list's features and
 * the coordination's neighbours (a hundred 5,000-position footprints) are drawn so.
 * `collection`: always a GeometryCollection, as a footprint is.
 */
export function mapShape(
  shape: RawBuilder<unknown>,
  zoom: number,
  options: { collection?: boolean } = {},
): RawBuilder<string | null> {
  const tolerance = sql`${pixelTolerance(zoom)}::float8`;
  const extent = sql`(ST_XMax(${shape}) - ST_XMin(${shape}) + ST_YMax(${shape}) - ST_YMin(${shape}))`;
  const fine = sql`ST_Simplify(${shape}, ${tolerance}, true)`;
  const coarse = sql`ST_Simplify(${shape}, greatest(${tolerance}, ${extent} / 100), true)`;
  const max = sql`${MAP_SHAPE_MAX_POSITIONS}::int`;
  const chosen = sql`CASE
      WHEN ST_NPoints(${fine}) <= ${max} THEN ${fine}
      WHEN ST_NPoints(${coarse}) <= ${max} THEN ${coarse}
      ELSE ST_Envelope(${shape}) END`;
  // A footprint stays a collection when its box stands for it (the API's schema says so).
  const geometry = options.collection ? sql`ST_ForceCollection(${chosen})` : chosen;
  return sql<string | null>`ST_AsGeoJSON(${geometry}, ${zoom >= 15 ? 6 : 5}::int)`;
}
