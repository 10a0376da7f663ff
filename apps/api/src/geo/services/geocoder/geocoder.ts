import type { AddressCollection, AddressFeature } from '@voirie/domain';

// The answers' shapes (the national address API's) are the domain's: schemas/geo-answers.ts.

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
export function addressCollection(
  features: AddressFeature[],
  meta: { limit: number; query?: string },
): AddressCollection {
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
export const UPSTREAM_GEOCODER_MESSAGE =
  'Le service national des adresses ne répond pas. Réessayez dans quelques instants.';
