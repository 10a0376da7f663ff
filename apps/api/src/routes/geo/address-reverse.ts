import { AddressCollectionSchema, LonLatSchema } from '@voirie/domain';
import { bareReplies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp } from '../../http/types.ts';
import type { Geocoder } from '../../geo/services/index.ts';

/** GET address/reverse?lon&lat: the address at a point (national address API shape, no envelope). */
export function addressReverseRoute(app: ApiApp, geocoder: Geocoder) {
  app.get(
    '/api/address/reverse',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Adresse au point (forme de l’API Adresse nationale)',
        querystring: LonLatSchema,
        response: bareReplies(AddressCollectionSchema),
      },
    },
    async (request) => geocoder.reverse(request.query.lon, request.query.lat),
  );
}
