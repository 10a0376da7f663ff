import { z } from 'zod';
import { GEO_MESSAGES } from '@voirie/domain';

// The map layers' query (bbox, zoom). The wizard's look-ups (shapes, points) and every geo
// answer are described in the domain (schemas/geo-inputs.ts, schemas/geo-answers.ts).

/** `bbox=minLon,minLat,maxLon,maxLat` (degrees). */
export const BBoxSchema = z
  .string({ error: GEO_MESSAGES.bbox })
  .transform((value, ctx) => {
    const parts = value.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
    const [minLon, minLat, maxLon, maxLat] = parts as [number, number, number, number];
    if (parts.length !== 4 || !parts.every(Number.isFinite) || minLon >= maxLon || minLat >= maxLat) {
      ctx.addIssue({ code: 'custom', message: GEO_MESSAGES.bbox });
      return z.NEVER;
    }
    return [minLon, minLat, maxLon, maxLat] as const;
  })
  .meta({ description: 'minLon,minLat,maxLon,maxLat (EPSG:4326)', example: '-1.45,43.63,-1.42,43.66' });

/** A web-mercator zoom level. */
export const ZoomSchema = z.coerce.number({ error: GEO_MESSAGES.number }).min(0).max(24);

/** Width or height of a bbox in degrees, whichever is larger. */
export function bboxSpan(bbox: readonly [number, number, number, number]): number {
  return Math.max(bbox[2] - bbox[0], bbox[3] - bbox[1]);
}
