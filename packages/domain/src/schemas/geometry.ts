import { z } from 'zod';
import { GEOMETRY_MESSAGES, drawnGeometryProblem } from '../geometry-checks.ts';

// GeoJSON geometries (RFC 7946), EPSG:4326, positions [lon, lat].

const lon = z.number().min(-180).max(180);
const lat = z.number().min(-90).max(90);
export const PositionSchema = z.tuple([lon, lat]).rest(z.number());

export const PointSchema = z.object({ type: z.literal('Point'), coordinates: PositionSchema });
export const MultiPointSchema = z.object({
  type: z.literal('MultiPoint'),
  coordinates: z.array(PositionSchema),
});
const line = z.array(PositionSchema).min(2, GEOMETRY_MESSAGES.lineTooShort);
export const LineStringSchema = z.object({ type: z.literal('LineString'), coordinates: line });
export const MultiLineStringSchema = z.object({
  type: z.literal('MultiLineString'),
  coordinates: z.array(line),
});
const ring = z.array(PositionSchema).min(4, GEOMETRY_MESSAGES.polygonTooFewPositions);
export const PolygonSchema = z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1) });
export const MultiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(ring).min(1)),
});

/** A simple (non-collection) geometry. */
export const SimpleGeometrySchema = z.discriminatedUnion('type', [
  PointSchema,
  MultiPointSchema,
  LineStringSchema,
  MultiLineStringSchema,
  PolygonSchema,
  MultiPolygonSchema,
]);
export type SimpleGeometry = z.infer<typeof SimpleGeometrySchema>;

/** The drawn shapes of a request (`theGeom`): a collection of simple geometries. */
export const GeometryCollectionSchema = z.object({
  type: z.literal('GeometryCollection'),
  geometries: z.array(SimpleGeometrySchema),
});
export type GeometryCollection = z.infer<typeof GeometryCollectionSchema>;

/** A position of a drawn shape: numbers only, their ranges are the checks'. */
const loosePosition = z.tuple([z.number(), z.number()]).rest(z.number());

/**
 * A footprint as drawn in the wizard and filed (`theGeom` of POST request / PUT request/{id}):
 * the collection's shape, then the domain's checks (geometry-checks.ts) — closed rings, no ring
 * crossing itself, inside the territory, DRAWN_GEOMETRY_LIMITS.maxPositions at most — each
 * with its French message on the collection itself.
 */
export const DrawnGeometrySchema = z
  .object({
    type: z.literal('GeometryCollection'),
    // Ranges, counts and closure are the checks' (one message, on the collection).
    geometries: z.array(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('Point'), coordinates: loosePosition }),
        z.object({ type: z.literal('MultiPoint'), coordinates: z.array(loosePosition) }),
        z.object({ type: z.literal('LineString'), coordinates: z.array(loosePosition) }),
        z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(loosePosition)) }),
        z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(loosePosition)) }),
        z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(loosePosition))) }),
      ]),
    ),
  })
  .superRefine((collection, ctx) => {
    const problem = drawnGeometryProblem(collection);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const GeometrySchema = z.union([SimpleGeometrySchema, GeometryCollectionSchema]);
export type Geometry = z.infer<typeof GeometrySchema>;

/** True when nothing was drawn: no geometry, or an empty collection. */
export function isEmptyGeometry(geometry: Geometry | null | undefined): boolean {
  if (!geometry) return true;
  if (geometry.type === 'GeometryCollection') return geometry.geometries.length === 0;
  return geometry.coordinates.length === 0;
}
