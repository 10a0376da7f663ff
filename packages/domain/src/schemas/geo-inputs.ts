import { z } from 'zod';
import { footprintSizeProblem } from '../geometry-checks.ts';
import { VALIDATION_MESSAGES } from './common.ts';
import type { Geometry } from './geometry.ts';

// What the wizard sends to the spatial look-ups (docs/gis-api.md): a drawn shape,
// a point. The API parses with these schemas; the web builds its bodies from their input types.

/** Positions must lie in metropolitan France (EPSG:4326 degrees). */
export const FRANCE_BBOX = { minLon: -5.8, minLat: 41, maxLon: 10, maxLat: 51.5 } as const;
/** Most positions a drawn shape sent to a look-up may carry. */
export const MAX_VERTICES = 5000;

/** French messages of the GIS inputs. */
export const GEO_MESSAGES = {
  geometryType:
    'Type de géométrie inconnu : Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon ou GeometryCollection attendu.',
  malformed: 'Géométrie invalide : les coordonnées sont mal formées.',
  position: 'Géométrie invalide : chaque position est [longitude, latitude] en nombres.',
  outsideFrance:
    'Les coordonnées doivent être en France métropolitaine (longitude, latitude en degrés, EPSG:4326).',
  line: 'Géométrie invalide : une ligne compte au moins 2 positions.',
  ring: 'Géométrie invalide : un contour de polygone compte au moins 4 positions et se referme (dernière position = première).',
  nested: 'Géométrie invalide : une collection ne peut pas contenir de collection.',
  tooManyVertices: `Géométrie trop complexe : ${MAX_VERTICES.toLocaleString('fr-FR')} sommets au plus.`,
  empty: VALIDATION_MESSAGES.geometryRequired,
  lonRequired: 'La longitude est obligatoire.',
  latRequired: 'La latitude est obligatoire.',
  number: 'Veuillez saisir un nombre',
  bbox: 'Le paramètre bbox attend quatre nombres : longitude min, latitude min, longitude max, latitude max.',
  bboxTooLarge: 'La zone demandée est trop étendue : zoomez sur la carte.',
  dep: 'Le département est formé des deux premiers caractères du code postal.',
} as const;

const SIMPLE_TYPES = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
] as const;
type SimpleType = (typeof SIMPLE_TYPES)[number];

class GeometryProblem extends Error {}

function inFrance(lon: number, lat: number): boolean {
  return (
    lon >= FRANCE_BBOX.minLon &&
    lon <= FRANCE_BBOX.maxLon &&
    lat >= FRANCE_BBOX.minLat &&
    lat <= FRANCE_BBOX.maxLat
  );
}

/** Walks a geometry's coordinates; throws the first problem, counts the positions. */
class CoordinateWalker {
  count = 0;

  private array(value: unknown): unknown[] {
    if (!Array.isArray(value)) throw new GeometryProblem(GEO_MESSAGES.malformed);
    return value;
  }

  position(value: unknown): void {
    if (!Array.isArray(value) || value.length < 2 || value.length > 3)
      throw new GeometryProblem(GEO_MESSAGES.position);
    if (!value.every((n) => typeof n === 'number' && Number.isFinite(n)))
      throw new GeometryProblem(GEO_MESSAGES.position);
    if (!inFrance(value[0] as number, value[1] as number))
      throw new GeometryProblem(GEO_MESSAGES.outsideFrance);
    if (++this.count > MAX_VERTICES) throw new GeometryProblem(GEO_MESSAGES.tooManyVertices);
  }

  private positions(value: unknown): unknown[] {
    const list = this.array(value);
    for (const position of list) this.position(position);
    return list;
  }

  private line(value: unknown): void {
    const list = this.positions(value);
    if (list.length === 1) throw new GeometryProblem(GEO_MESSAGES.line);
  }

  private ring(value: unknown): void {
    const list = this.positions(value) as number[][];
    if (list.length === 0) return;
    const first = list[0]!;
    const last = list[list.length - 1]!;
    if (list.length < 4 || first[0] !== last[0] || first[1] !== last[1])
      throw new GeometryProblem(GEO_MESSAGES.ring);
  }

  simple(type: SimpleType, coordinates: unknown): void {
    switch (type) {
      case 'Point':
        return this.position(coordinates);
      case 'MultiPoint':
        return void this.positions(coordinates);
      case 'LineString':
        return this.line(coordinates);
      case 'MultiLineString':
        return this.array(coordinates).forEach((line) => this.line(line));
      case 'Polygon':
        return this.array(coordinates).forEach((ring) => this.ring(ring));
      case 'MultiPolygon':
        return this.array(coordinates).forEach((polygon) =>
          this.array(polygon).forEach((ring) => this.ring(ring)),
        );
    }
  }
}

/** A simple geometry as the walker saw it, rebuilt with its two members only. */
function simpleGeometry(value: unknown, walker: CoordinateWalker): Geometry {
  if (typeof value !== 'object' || value === null) throw new GeometryProblem(GEO_MESSAGES.malformed);
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  if (type === 'GeometryCollection') throw new GeometryProblem(GEO_MESSAGES.nested);
  if (!(SIMPLE_TYPES as readonly unknown[]).includes(type))
    throw new GeometryProblem(GEO_MESSAGES.geometryType);
  walker.simple(type as SimpleType, coordinates);
  return { type, coordinates } as Geometry;
}

/**
 * A drawn shape (GeoJSON geometry or GeometryCollection, EPSG:4326), checked before any SQL:
 * well-formed coordinates, numbers in metropolitan France, closed rings, at most 5,000
 * positions, not empty, no larger than a footprint may be (DRAWN_GEOMETRY_LIMITS). The first problem is the message (French); a valid shape comes out
 * rebuilt with its GeoJSON members only.
 */
export const GeometryInputSchema = z
  .object({
    type: z.enum([...SIMPLE_TYPES, 'GeometryCollection'], { error: GEO_MESSAGES.geometryType }),
    coordinates: z.array(z.unknown()).optional(),
    geometries: z.array(z.unknown()).optional(),
  })
  .transform((input, ctx): Geometry => {
    try {
      const walker = new CoordinateWalker();
      const geometry: Geometry =
        input.type === 'GeometryCollection'
          ? {
              type: 'GeometryCollection',
              geometries: (input.geometries ?? []).map((g) => simpleGeometry(g, walker)) as never,
            }
          : simpleGeometry(input, walker);
      if (walker.count === 0) throw new GeometryProblem(GEO_MESSAGES.empty);
      // No larger than real works: the look-ups' queries stay as small as a filing's.
      const tooBig = footprintSizeProblem(
        geometry.type === 'GeometryCollection' ? geometry.geometries : [geometry],
      );
      if (tooBig) throw new GeometryProblem(tooBig);
      return geometry;
    } catch (error) {
      if (!(error instanceof GeometryProblem)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  })
  .meta({
    description:
      'Géométrie GeoJSON (EPSG:4326) ou GeometryCollection ; 5 000 sommets au plus, en France métropolitaine ; 10 km au plus de côté, 10 ha de surface, 20 km de lignes.',
  });

/** A longitude or latitude in metropolitan France, from a query string or a JSON body. */
function coordinate(axis: 'lon' | 'lat') {
  const [min, max] =
    axis === 'lon' ? [FRANCE_BBOX.minLon, FRANCE_BBOX.maxLon] : [FRANCE_BBOX.minLat, FRANCE_BBOX.maxLat];
  return z.preprocess(
    (value) =>
      value === '' || value === undefined || value === null
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    z
      .number({
        error: (issue) => (issue.input === undefined ? GEO_MESSAGES[`${axis}Required`] : GEO_MESSAGES.number),
      })
      .min(min, GEO_MESSAGES.outsideFrance)
      .max(max, GEO_MESSAGES.outsideFrance),
  );
}

/** `{lon, lat}` of a point in metropolitan France: `POST zone`, `GET commune/at`, `GET address/reverse`. */
export const LonLatSchema = z.object({ lon: coordinate('lon'), lat: coordinate('lat') });
/** A point as the web sends it (numbers; a query string's text is read as numbers). */
export type LonLatPoint = z.output<typeof LonLatSchema>;

/** `POST plots`: the drawn shape, and the department (first two characters of the postal code). */
export const PlotsQuerySchema = z.object({
  /** '40'; empty or absent: any department. */
  dep: z
    .string()
    .trim()
    .regex(/^(\d{2}|2[AB])?$/i, GEO_MESSAGES.dep)
    .transform((dep) => dep.toUpperCase())
    .nullish(),
  geom: GeometryInputSchema,
});
/** The body of `POST plots` as the web builds it. */
export type PlotsQuery = z.input<typeof PlotsQuerySchema>;

/** `POST troncon`: the drawn shape. */
export const TronconQuerySchema = z.object({ geom: GeometryInputSchema });
/** The body of `POST troncon` as the web builds it. */
export type TronconQuery = z.input<typeof TronconQuerySchema>;
