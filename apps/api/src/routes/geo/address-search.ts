import { z } from 'zod';
import { AddressCollectionSchema } from '@voirie/domain';
import { bareReplies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp } from '../../http/types.ts';
import { SEARCH_LIMIT, type Geocoder } from '../../geo/services/index.ts';

const AddressSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Le texte recherché est obligatoire.' })
    .trim()
    .min(1, 'Le texte recherché est obligatoire.')
    .max(200),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT.max).default(SEARCH_LIMIT.default),
});

/** GET address/search?q&limit: addresses in the national address API's shape (a FeatureCollection, no envelope). */
export function addressSearchRoute(app: ApiApp, geocoder: Geocoder) {
  app.get(
    '/api/address/search',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Recherche d’adresse (forme de l’API Adresse nationale)',
        querystring: AddressSearchQuerySchema,
        response: bareReplies(AddressCollectionSchema),
      },
    },
    async (request) => geocoder.search(request.query.q, request.query.limit),
  );
}
