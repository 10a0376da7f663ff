import { z } from 'zod';

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

export const AddressFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: AddressPropertiesSchema,
});
export type AddressFeature = z.infer<typeof AddressFeatureSchema>;

/** The answer of `/search/` and `/reverse/` (national address API shape). */
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

/** Address search: free text to addresses, and a point to the nearest address. */
export interface Geocoder {
  search(q: string, limit: number): Promise<AddressCollection>;
  reverse(lon: number, lat: number): Promise<AddressCollection>;
}

/** Default and maximum number of results of a search (the national API's defaults). */
export const SEARCH_LIMIT = { default: 5, max: 20 } as const;

/** A query needs this many letters or digits before any search (shorter: no result). */
export const MIN_QUERY_CHARS = 3;

/** True when the text has enough letters or digits to search (the national API needs 3). */
export function isSearchable(q: string): boolean {
  return (q.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= MIN_QUERY_CHARS;
}

/** A collection in the national API's shape. */
export function addressCollection(features: AddressFeature[], meta: { limit: number; query?: string }): AddressCollection {
  return {
    type: 'FeatureCollection',
    version: 'draft',
    features,
    attribution: 'BAN',
    licence: 'ETALAB-2.0',
    ...(meta.query !== undefined ? { query: meta.query } : {}),
    limit: meta.limit,
  };
}

/** The message of a 502 when the national address API does not answer. */
export const UPSTREAM_GEOCODER_MESSAGE = 'Le service national des adresses ne répond pas. Réessayez dans quelques instants.';
