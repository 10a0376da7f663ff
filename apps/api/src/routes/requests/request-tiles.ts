import { z } from 'zod';
import { REQUEST_TILES } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { isFresh, PRIVATE_REVALIDATED } from '../../http/caching.ts';
import { fileHeaders, fileReplies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { filtersOf, RequestListParamsSchema } from '../../requests/list-filters.ts';
import { buildRequestTile, requestTileTag } from '../../requests/map-tiles.ts';

const TILE_MESSAGES = {
  zoom: `Le zoom de la tuile est un entier de 0 à ${String(REQUEST_TILES.maxZoom)}.`,
  coordinate: 'Les colonnes et lignes de la tuile sont des entiers positifs.',
  outside: 'Cette tuile n’existe pas à ce zoom : x et y vont de 0 à 2^z − 1.',
} as const;

const coordinate = z.coerce
  .number({ error: TILE_MESSAGES.coordinate })
  .int({ error: TILE_MESSAGES.coordinate })
  .min(0, { error: TILE_MESSAGES.coordinate });

/** z/x/y of the standard XYZ web-mercator grid, x and y below 2^z. */
const TileParamsSchema = z
  .object({
    z: z.coerce
      .number({ error: TILE_MESSAGES.zoom })
      .int({ error: TILE_MESSAGES.zoom })
      .min(0, { error: TILE_MESSAGES.zoom })
      .max(REQUEST_TILES.maxZoom, { error: TILE_MESSAGES.zoom }),
    x: coordinate,
    y: coordinate,
  })
  .refine((tile) => tile.x < 2 ** tile.z && tile.y < 2 ** tile.z, { error: TILE_MESSAGES.outside });

/** The list's filters, without its page and sort. */
const TileQuerySchema = RequestListParamsSchema.omit({
  page: true,
  numItemsPerPage: true,
  searchSort: true,
  searchDir: true,
});

/**
 * GET request/tiles/{z}/{x}/{y}: the list's map as a vector tile of the requests this viewer sees
 * with the list's filters (docs/api-requests.md "Map tiles"). Tagged, kept privately by the
 * browser and revalidated: a client that has the tile gets 304 without it being built.
 */
export function requestTilesRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/request/tiles/:z/:x/:y',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Demandes'],
        summary: 'Carte de la liste en tuiles vectorielles',
        description: `Tuile Mapbox Vector Tile (couche « ${REQUEST_TILES.layer} », étendue ${String(REQUEST_TILES.extent)}) des demandes visibles que les filtres de la liste retiennent : une entité par demande dès le zoom ${String(REQUEST_TILES.detailMinZoom)}, des cellules comptées en deçà. ETag et 304 sur If-None-Match.`,
        params: TileParamsSchema,
        querystring: TileQuerySchema,
        response: fileReplies('La tuile (vide quand aucune demande ne s’y trouve)'),
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const filters = filtersOf(request.query);
      const tag = await requestTileTag(ctx.db, viewer, filters, request.params);
      if (isFresh(request, tag))
        return reply.code(304).headers({ etag: tag, 'cache-control': PRIVATE_REVALIDATED }).send();
      const tile = await buildRequestTile(ctx.db, viewer, filters, request.params);
      const headers = fileHeaders(REQUEST_TILES.contentType, {
        etag: tile.etag,
        'cache-control': PRIVATE_REVALIDATED,
      });
      return reply
        .headers(headers)
        .send(Buffer.from(tile.body.buffer, tile.body.byteOffset, tile.body.byteLength));
    },
  );
}
