import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { REQUEST_TILES } from '@voirie/domain';
import { cellShift, tileKeyRange } from './map-key.ts';
import { REVISION_SQL } from './request-revision.ts';

// The SQL of the list map's tiles (map-tiles.ts): the footprints of the matching requests in a
// tile's units (x right, y down, 0..extent), already clipped, simplified and snapped to the
// integer grid, or counted in cells, so that Node only encodes them (PGlite's PostGIS has no
// ST_AsMVT: ADR 0017). One row, read in one statement with the requests' revision (one snapshot:
// the tile's ETag names exactly the rows it was built from).

/** Half of web mercator's width, in metres (EPSG:3857, as ST_TileEnvelope). */
const MERCATOR_HALF = 20037508.342789244;
const EARTH_RADIUS = 6378137;

/** A tile of the standard XYZ web-mercator grid. */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** Units around a tile that its shapes keep, so that lines and outlines join across tiles. */
const BUFFER_UNITS = 64;
/** The simplification's tolerance, in tile units: half a pixel of a 512-pixel tile. */
const SIMPLIFY_UNITS = 4;

/** A tile's bounds in web-mercator metres, as ST_TileEnvelope(z, x, y) gives them. */
function mercatorBounds({ z, x, y }: TileAddress) {
  const size = (2 * MERCATOR_HALF) / 2 ** z;
  return {
    xmin: -MERCATOR_HALF + x * size,
    ymax: MERCATOR_HALF - y * size,
    size,
  };
}

const longitudeOf = (metres: number) => (metres / MERCATOR_HALF) * 180;
const latitudeOf = (metres: number) =>
  (2 * Math.atan(Math.exp(metres / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI);

/** The tile (with `marginUnits` around it) as a box of EPSG:4326, for request_geom_idx. */
function searchBox(tile: TileAddress, marginUnits: number): RawBuilder<unknown> {
  const { xmin, ymax, size } = mercatorBounds(tile);
  const margin = (size * marginUnits) / REQUEST_TILES.extent;
  const west = longitudeOf(Math.max(-MERCATOR_HALF, xmin - margin));
  const east = longitudeOf(Math.min(MERCATOR_HALF, xmin + size + margin));
  const south = latitudeOf(Math.max(-MERCATOR_HALF, ymax - size - margin));
  const north = latitudeOf(Math.min(MERCATOR_HALF, ymax + margin));
  return sql`ST_MakeEnvelope(${west}::float8, ${south}::float8, ${east}::float8, ${north}::float8, 4326)`;
}

const REQUEST_PROPERTIES = sql`r.id, r.public_id AS "publicId", r.type, r.state_id AS "stateId",
  to_char(r.date_start, 'YYYY-MM-DD') AS "dateStart", to_char(r.date_end, 'YYYY-MM-DD') AS "dateEnd"`;

/** The one row of a tile's query: the revision read with the rows, and the rows as JSON arrays. */
export interface TileQueryRow {
  revision: string;
  /**
   * Detail: the requests drawn as one point, as text (thousands in a dense tile: no JSON built
   * and parsed for each) — `id,publicId,type,stateId,x,y,dateStart,dateEnd` (an empty date:
   * none), separated by ';'.
   */
  points?: string | null;
  /** Detail: `[id, publicId, type, stateId, dateStart, dateEnd, geometry]`, GeoJSON in tile units. */
  /** Cells: `[count, key, id, publicId, type, stateId, dateStart, dateEnd]`, the request's when one. */
  features: string | null;
}

/** A place in tile units from degrees: plain arithmetic of web mercator, no transformation. */
function tileUnits(tile: TileAddress, lon: RawBuilder<unknown>, lat: RawBuilder<unknown>) {
  const extent = REQUEST_TILES.extent;
  const tiles = 2 ** tile.z;
  const rad = sql`radians(${lat})`;
  return {
    x: sql`((${lon} + 180) / 360 * ${tiles}::float8 - ${tile.x}::float8) * ${extent}::float8`,
    y: sql`((1 - ln(tan(${rad}) + 1 / cos(${rad})) / pi()) / 2 * ${tiles}::float8 - ${tile.y}::float8) * ${extent}::float8`,
  };
}

/**
 * One feature per matching request and geometry kind of its footprint (points, lines, polygons:
 * ST_CollectionExtract), in tile units: transformed to web mercator, scaled with y down, clipped
 * to the tile and its buffer, simplified and snapped to the grid; polygons with their outer rings
 * counter-clockwise in tile units (the MVT specification). A part that the grid collapses is
 * drawn as the point at the middle of its box: nothing seen at a deeper zoom vanishes here. A
 * footprint of one point (most of them) takes a shorter way: its place by arithmetic.
 */
export function detailTileQuery(where: RawBuilder<SqlBool>, tile: TileAddress) {
  const { xmin, ymax, size } = mercatorBounds(tile);
  const scale = REQUEST_TILES.extent / size;
  const low = -BUFFER_UNITS;
  const high = REQUEST_TILES.extent + BUFFER_UNITS;
  const place = tileUnits(tile, sql`ST_XMin(h.the_geom)`, sql`ST_YMin(h.the_geom)`);
  return sql<TileQueryRow>`WITH hits AS (
      SELECT ${REQUEST_PROPERTIES}, r.the_geom, ST_NPoints(r.the_geom) = 1 AS single
      FROM request r
      WHERE r.the_geom && ${searchBox(tile, BUFFER_UNITS)} AND ${where}
    ),
    points AS (
      SELECT h.id, h."publicId", h.type, h."stateId", h."dateStart", h."dateEnd",
        round(${place.x})::int AS x, round(${place.y})::int AS y
      FROM hits h WHERE h.single
    ),
    parts AS (
      SELECT h.id, h."publicId", h.type, h."stateId", h."dateStart", h."dateEnd",
        ST_ClipByBox2D(ST_CollectionExtract(ST_Affine(ST_Transform(h.the_geom, 3857), ${scale}::float8, 0, 0,
            ${-scale}::float8, ${-xmin * scale}::float8, ${ymax * scale}::float8), k.kind),
          ST_MakeEnvelope(${low}::float8, ${low}::float8, ${high}::float8, ${high}::float8)) AS part
      FROM hits h CROSS JOIN (VALUES (1), (2), (3)) AS k(kind)
      WHERE NOT h.single
    ),
    drawn AS (
      SELECT p.*, ST_SnapToGrid(ST_Simplify(p.part, ${SIMPLIFY_UNITS}::float8, true), 1) AS shape
      FROM parts p WHERE NOT ST_IsEmpty(p.part)
    )
    SELECT ${REVISION_SQL} AS revision,
      (SELECT string_agg(p.id || ',' || p."publicId" || ',' || p.type || ',' || p."stateId" || ',' || p.x || ',' || p.y
          || ',' || coalesce(p."dateStart", '') || ',' || coalesce(p."dateEnd", ''), ';')
        FROM points p WHERE p.x BETWEEN ${low}::int AND ${high}::int AND p.y BETWEEN ${low}::int AND ${high}::int) AS points,
      (SELECT json_agg(json_build_array(d.id, d."publicId", d.type, d."stateId", d."dateStart", d."dateEnd",
        ST_AsGeoJSON(CASE WHEN ST_IsEmpty(d.shape)
          THEN ST_MakePoint(round((ST_XMin(d.part) + ST_XMax(d.part)) / 2), round((ST_YMin(d.part) + ST_YMax(d.part)) / 2))
          ELSE ST_ForcePolygonCCW(d.shape) END, 0)::json))::text
      FROM drawn d) AS features`;
}

/**
 * The matching requests of a tile (its map key's range), counted up to `cap` + 1 only: from the
 * index alone when the condition reads only what it holds.
 */
export function tileCountQuery(where: RawBuilder<SqlBool>, tile: TileAddress, cap: number) {
  const { first, end } = tileKeyRange(tile);
  return sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM request r
    WHERE r.map_key >= ${first.toString()}::bigint AND r.map_key < ${end.toString()}::bigint AND ${where}
    LIMIT ${cap + 1}) AS hits`;
}

/**
 * The matching requests counted in square cells of REQUEST_TILES.cellUnits tile units, each
 * request at its map key (the middle of its footprint's box, migration 0035): the tile's requests
 * are one range of request_map_key_idx and each cell a range within it, so that the cells of a
 * dense town are counted from the index alone when the condition reads only what it holds. One
 * row per occupied cell: its count, its smallest key (the request's place when it holds one) and
 * that request's properties.
 */
export function cellTileQuery(where: RawBuilder<SqlBool>, tile: TileAddress) {
  const { first, end } = tileKeyRange(tile);
  const shift = cellShift(tile.z, REQUEST_TILES.extent / REQUEST_TILES.cellUnits);
  return sql<TileQueryRow>`WITH cells AS (
      SELECT count(*)::int AS n, min(r.id) AS id, min(r.map_key) AS key
      FROM request r
      WHERE r.map_key >= ${first.toString()}::bigint AND r.map_key < ${end.toString()}::bigint AND ${where}
      GROUP BY r.map_key >> ${shift}::int
    )
    SELECT ${REVISION_SQL} AS revision,
      (SELECT json_agg(json_build_array(c.n, c.key::text, one.id, one."publicId", one.type, one."stateId",
        one."dateStart", one."dateEnd"))::text
      FROM cells c LEFT JOIN LATERAL (SELECT ${REQUEST_PROPERTIES} FROM request r WHERE c.n = 1 AND r.id = c.id) one ON true
      ) AS features`;
}
