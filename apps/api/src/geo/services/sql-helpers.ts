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
 * (issue 27): joined to an indexed table by `&&`, each piece meets only what lies near it, and
 * each exact test reads a few vertices — a 5,000-position footprint compared whole to every
 * road its box covers held the embedded database for seconds. ST_Dump first: ST_Subdivide keeps
 * only a collection's polygons; ST_MakeValid: a bad shape stored before issue 13 must not throw.
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
