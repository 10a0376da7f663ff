import { createHash } from 'node:crypto';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import Point from '@mapbox/point-geometry';
import { fromVectorTileJs, type VectorTileFeatureLike, type VectorTileLayerLike } from '@maplibre/vt-pbf';
import { REQUEST_TILES } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { parisToday } from './french-date.ts';
import type { ListFilters } from './list-filters.ts';
import { listCondition } from './list-query.ts';
import { keyInTile } from './map-key.ts';
import { cellTileQuery, detailTileQuery, tileCountQuery, type TileAddress } from './map-tiles-query.ts';
import { requestRevision } from './request-revision.ts';
import type { Viewer } from '../policies/visibility.ts';

export type { TileAddress } from './map-tiles-query.ts';

/** The tile of the list's map, encoded, and the tag naming the rows it was built from. */
export interface RequestTile {
  body: Uint8Array;
  etag: string;
}

type Properties = Record<string, number | string>;
type GeoJsonGeometry =
  | { type: 'Point'; coordinates: number[] }
  | { type: 'MultiPoint' | 'LineString'; coordinates: number[][] }
  | { type: 'MultiLineString' | 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

/** One feature of the tile: its MVT type (1 point, 2 line, 3 polygon) and rings in tile units. */
interface TileFeature {
  id: number | undefined;
  type: 1 | 2 | 3;
  rings: number[][][];
  properties: Properties;
}

/** The list's condition for this viewer and these filters, its day pinned (the tag hashes it). */
function tileCondition(viewer: Viewer, filters: ListFilters): RawBuilder<SqlBool> {
  return listCondition(viewer, { ...filters, today: filters.today ?? parisToday() });
}

/**
 * The tag of a tile: a hash of the requests' revision, of the compiled condition and its
 * parameters (the viewer's visibility, the filters, the deadline filter's day), of the viewer and
 * of the tile's address. Any write that could change the tile moves the revision.
 */
function tagOf(
  db: Kysely<Database>,
  where: RawBuilder<SqlBool>,
  context: { viewer: Viewer; tile: TileAddress; revision: string },
): string {
  const compiled = where.compile(db);
  const { viewer, tile, revision } = context;
  const digest = createHash('sha256')
    .update(JSON.stringify([revision, compiled.sql, compiled.parameters, viewer.id, tile.z, tile.x, tile.y]))
    .digest('base64url');
  return `"${digest.slice(0, 32)}"`;
}

/** The tag the tile would have now, without building it: one read of the revision. */
export async function requestTileTag(
  db: Kysely<Database>,
  viewer: Viewer,
  filters: ListFilters,
  tile: TileAddress,
): Promise<string> {
  const where = tileCondition(viewer, filters);
  return tagOf(db, where, { viewer, tile, revision: await requestRevision(db) });
}

/** A request's properties on the map, as the list's features: dates omitted when absent. */
function propertiesOf(values: readonly unknown[]): Properties {
  const [id, publicId, type, stateId, dateStart, dateEnd] = values as [
    number,
    string,
    number,
    number,
    string | null,
    string | null,
  ];
  return {
    id,
    publicId,
    type,
    stateId,
    ...(dateStart !== null && { dateStart }),
    ...(dateEnd !== null && { dateEnd }),
  };
}

/** A shape in tile units as the MVT's type and rings (the parts of a multi-shape, the rings of polygons). */
function ringsOf(geometry: GeoJsonGeometry): Pick<TileFeature, 'type' | 'rings'> {
  switch (geometry.type) {
    case 'Point':
      return { type: 1, rings: [[geometry.coordinates]] };
    case 'MultiPoint':
      return { type: 1, rings: [geometry.coordinates] };
    case 'LineString':
      return { type: 2, rings: [geometry.coordinates] };
    case 'MultiLineString':
      return { type: 2, rings: geometry.coordinates };
    case 'Polygon':
      return { type: 3, rings: geometry.coordinates };
    case 'MultiPolygon':
      return { type: 3, rings: geometry.coordinates.flat() };
  }
}

/** The requests drawn as one point, from the query's text (map-tiles-query.ts `points`). */
function pointFeatures(text: string | null | undefined): TileFeature[] {
  if (!text) return [];
  return text.split(';').map((line) => {
    const [id, publicId, type, stateId, x, y, dateStart, dateEnd] = line.split(',') as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const properties = propertiesOf([
      Number(id),
      publicId,
      Number(type),
      Number(stateId),
      dateStart || null,
      dateEnd || null,
    ]);
    return { id: Number(id), properties, type: 1, rings: [[[Number(x), Number(y)]]] };
  });
}

function shapeFeatures(rows: readonly unknown[][]): TileFeature[] {
  return rows.map((row) => {
    const properties = propertiesOf(row);
    return { id: properties.id as number, properties, ...ringsOf(row[6] as GeoJsonGeometry) };
  });
}

/** The cells: at the request's place when it is alone, else at the cell's middle. */
function cellFeatures(rows: readonly unknown[][], tile: TileAddress): TileFeature[] {
  const size = REQUEST_TILES.cellUnits;
  return rows.map(([count, key, ...request]) => {
    const one = request[0] !== null;
    const [x, y] = keyInTile(BigInt(key as string), tile, REQUEST_TILES.extent);
    const place = one
      ? [x, y]
      : [Math.floor(x / size) * size + size / 2, Math.floor(y / size) * size + size / 2];
    return {
      id: one ? (request[0] as number) : undefined,
      type: 1,
      rings: [[place]],
      properties: { count: count as number, ...(one ? propertiesOf(request) : {}) },
    };
  });
}

/** The tile as Mapbox Vector Tile bytes: one layer, REQUEST_TILES.layer; nothing when it is empty. */
function encode(features: readonly TileFeature[]): Uint8Array {
  if (features.length === 0) return new Uint8Array(0);
  const layer: VectorTileLayerLike = {
    version: 2,
    name: REQUEST_TILES.layer,
    extent: REQUEST_TILES.extent,
    length: features.length,
    feature: (index): VectorTileFeatureLike => {
      const feature = features[index]!;
      return {
        type: feature.type,
        id: feature.id,
        properties: feature.properties,
        extent: REQUEST_TILES.extent,
        loadGeometry: () => feature.rings.map((ring) => ring.map(([x, y]) => new Point(x!, y!))),
      };
    },
  };
  return fromVectorTileJs({ layers: { [REQUEST_TILES.layer]: layer } });
}

/**
 * Whether a tile of the detail zooms holds more than REQUEST_TILES.detailMaxRequests requests:
 * it is then served as cells. Read before the tile's statement: a write in between only makes
 * the tile one kind where the other would do, and its tag still names the rows it shows.
 */
async function tooDense(
  db: Kysely<Database>,
  where: RawBuilder<SqlBool>,
  tile: TileAddress,
): Promise<boolean> {
  const cap = REQUEST_TILES.detailMaxRequests;
  const { rows } = await tileCountQuery(where, tile, cap).execute(db);
  return (rows[0]?.n ?? 0) > cap;
}

/**
 * `GET request/tiles/{z}/{x}/{y}`: the requests of the list this viewer sees with these filters,
 * as one vector tile (docs/api-requests.md "Map tiles"): from REQUEST_TILES.detailMinZoom one
 * feature per request and kind of shape, below it — or when the tile is too dense — cells with
 * their counts. Built in SQL to tile
 * units, encoded here; the tag is computed from the revision read with the rows.
 */
export async function buildRequestTile(
  db: Kysely<Database>,
  viewer: Viewer,
  filters: ListFilters,
  tile: TileAddress,
): Promise<RequestTile> {
  const where = tileCondition(viewer, filters);
  const detailed = tile.z >= REQUEST_TILES.detailMinZoom && !(await tooDense(db, where, tile));
  const query = detailed ? detailTileQuery(where, tile) : cellTileQuery(where, tile);
  const { rows } = await query.execute(db);
  const row = rows[0]!;
  const read = (text: string | null | undefined) => (text ? (JSON.parse(text) as unknown[][]) : []);
  const features = detailed
    ? [...pointFeatures(row.points), ...shapeFeatures(read(row.features))]
    : cellFeatures(read(row.features), tile);
  return { body: encode(features), etag: tagOf(db, where, { viewer, tile, revision: row.revision }) };
}
