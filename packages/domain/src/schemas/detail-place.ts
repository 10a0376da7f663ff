import { z } from 'zod';

// What the request's page adds to the request: the parcels and road
// segments of the works, the instructor's name (instructors and admins), and who put each
// document (instructors and admins; others for their own documents).

/** A parcel of the works, as filed (plotNumbers) and read from the cadastre when known. */
export const DetailParcelSchema = z.object({
  /** The Etalab id as filed (INSEE + prefix + section + number). */
  id: z.string(),
  /** Null when the parcel is not in the cadastre the portal holds. */
  section: z.string().nullable(),
  numero: z.string().nullable(),
  town: z.string().nullable(),
});
export type DetailParcel = z.infer<typeof DetailParcelSchema>;

/** A road segment within reach of the works' footprint, nearest first. */
export const DetailRoadSegmentSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  /** The portal way type ('Voie communale'…). */
  typevoie: z.string(),
  /** The road's number ('D652'), when it has one. */
  numero: z.string().nullable(),
});
export type DetailRoadSegment = z.infer<typeof DetailRoadSegmentSchema>;

/** A person's name. */
export const PersonNameSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type PersonName = z.infer<typeof PersonNameSchema>;

/** The fields the detail adds for its place and people (spread into RequestDetailSchema). */
export const DetailPlaceSchema = z.object({
  parcels: z.array(DetailParcelSchema).optional(),
  roadSegments: z.array(DetailRoadSegmentSchema).optional(),
  /** Instructors and admins only (absent for others); null when nobody instructs it yet. */
  instructor: PersonNameSchema.nullish(),
});
export type DetailPlace = z.infer<typeof DetailPlaceSchema>;
