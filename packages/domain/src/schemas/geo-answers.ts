import { z } from 'zod';
import { ConsultationPropertiesSchema } from './map-layer.ts';

// What the spatial routes answer (docs/gis-api.md), as one typed contract (ADR 0013).
// The API declares these as its response schemas and its services return their types; the web
// reads its types from them. Plain types only: an answer never fails on a stored value.

/** A cadastral parcel under (or beside) a drawn shape. */
export const ParcelRefSchema = z.object({
  /** Etalab id, 14 characters (INSEE + prefix + section + number). */
  id: z.string(),
  section: z.string(),
  numero: z.string(),
  insee: z.string(),
});
export type ParcelRef = z.infer<typeof ParcelRefSchema>;

/** `POST plots`: the parcels under the drawn shape and their sections. */
export const PlotsAnswerSchema = z.object({
  /** Parcel ids, sorted. */
  plots: z.array(z.string()),
  /** Distinct section codes, sorted. */
  sections: z.array(z.string()),
  parcels: z.array(ParcelRefSchema),
  /** 'intersects': parcels under the shape; 'nearby': none was, these are within 10 m. */
  match: z.enum(['intersects', 'nearby']),
});
export type PlotsAnswer = z.infer<typeof PlotsAnswerSchema>;

/** The road segment under a drawn shape (`POST troncon`). */
export const RoadSegmentSchema = z.object({
  id: z.number().int(),
  /** The portal way type ('Voie communale'…); the wizard judges it with checkRoadSegment. */
  typevoie: z.string(),
  nom: z.string().nullable(),
  numero: z.string().nullable(),
  /** True exactly for 'Voie departementale en agglomeration'. */
  inUrban: z.boolean(),
  /** Metres between the shape and the segment (0 when they touch). */
  distance: z.number(),
});
export type RoadSegment = z.infer<typeof RoadSegmentSchema>;

/** `POST troncon`: the segment, or 0 when none lies within 30 m (docs/gis-api.md). */
export const TronconAnswerSchema = z.union([RoadSegmentSchema, z.literal(0)]);
export type TronconAnswer = z.infer<typeof TronconAnswerSchema>;

/** The operation zone at a point (`code_ope`, docs/gis-api.md "POST zone"). */
export const ZoneAtSchema = z.object({ code_ope: z.string(), name: z.string().nullable() });
export type ZoneAt = z.infer<typeof ZoneAtSchema>;

/** `POST zone`: the zone, or null. */
export const ZoneAnswerSchema = ZoneAtSchema.nullable();

/** The member town at a point (`GET commune/at`). */
export const CommuneAtSchema = z.object({
  insee: z.string(),
  name: z.string(),
  postalCode: z.string(),
  postalCodes: z.array(z.string()),
});
export type CommuneAt = z.infer<typeof CommuneAtSchema>;

/** `GET commune/at`: the town, or null outside the community. */
export const CommuneAtAnswerSchema = CommuneAtSchema.nullable();

/** Feature types of the national address API; the local geocoder gives the first two. */
export const ADDRESS_FEATURE_TYPES = ['housenumber', 'street', 'locality', 'municipality'] as const;

/** Properties of an address feature, as api-adresse.data.gouv.fr writes them. */
export const AddressPropertiesSchema = z.object({
  label: z.string(),
  score: z.number(),
  housenumber: z.string().optional(),
  id: z.string(),
  name: z.string(),
  postcode: z.string(),
  citycode: z.string(),
  city: z.string(),
  context: z.string().optional(),
  type: z.enum(ADDRESS_FEATURE_TYPES),
  street: z.string().optional(),
  /** Reverse only: metres from the asked point. */
  distance: z.number().optional(),
});
export type AddressProperties = z.infer<typeof AddressPropertiesSchema>;

/** An address: a point and its properties. */
export const AddressFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: AddressPropertiesSchema,
});
export type AddressFeature = z.infer<typeof AddressFeatureSchema>;

/** `GET address/search` and `GET address/reverse` (the national address API's shape, no envelope). */
export const AddressCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  version: z.string(),
  features: z.array(AddressFeatureSchema),
  attribution: z.string(),
  licence: z.string(),
  query: z.string().optional(),
  limit: z.number().int(),
});
export type AddressCollection = z.infer<typeof AddressCollectionSchema>;

/** Properties of a road segment of `GET layers/roads`. */
export const RoadFeaturePropertiesSchema = z.object({
  id: z.number().int(),
  typevoie: z.string(),
  nom: z.string().nullable(),
  numero: z.string().nullable(),
  /** The community manages this way type (COMMUNITY_WAY_TYPES): the map's colours. */
  accepted: z.boolean(),
});
export type RoadFeatureProperties = z.infer<typeof RoadFeaturePropertiesSchema>;

/** Properties of a cadastral parcel of `GET layers/parcels`: the parcel's reference. */
export type ParcelFeatureProperties = ParcelRef;

/** Properties of a member town of `GET layers/communes`. */
export const CommuneFeaturePropertiesSchema = z.object({
  insee: z.string(),
  name: z.string(),
  postalCode: z.string(),
});
export type CommuneFeatureProperties = z.infer<typeof CommuneFeaturePropertiesSchema>;

/** A GeoJSON layer (EPSG:4326) of features with these properties; `truncated` when capped. */
function layerOf<P extends z.ZodType, I extends z.ZodType>(properties: P, id: I, geometry: string) {
  return z
    .object({
      type: z.literal('FeatureCollection'),
      /** More features matched than a layer carries (MAX_LAYER_FEATURES): the map should zoom in. */
      truncated: z.boolean().optional(),
      features: z.array(
        z.object({
          type: z.literal('Feature'),
          id,
          geometry: z.object({ type: z.string(), coordinates: z.array(z.unknown()) }),
          properties,
        }),
      ),
    })
    .meta({ description: `GeoJSON FeatureCollection (EPSG:4326) de ${geometry}` });
}

/** `GET layers/roads`: road segments (LineString). */
export const RoadsLayerSchema = layerOf(RoadFeaturePropertiesSchema, z.number().int(), 'LineString');
/** `GET layers/parcels`: cadastral parcels (MultiPolygon). */
export const ParcelsLayerSchema = layerOf(ParcelRefSchema, z.string(), 'MultiPolygon');
/** `GET layers/consultations`: the Plat'AU consultations (Point, Polygon or MultiPolygon). */
export const ConsultationsLayerSchema = layerOf(
  ConsultationPropertiesSchema,
  z.number().int(),
  'Point, Polygon ou MultiPolygon',
);
/** `GET layers/communes`: the member towns, simplified (MultiPolygon). */
export const CommunesLayerSchema = layerOf(CommuneFeaturePropertiesSchema, z.string(), 'MultiPolygon');
