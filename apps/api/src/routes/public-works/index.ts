import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  MapLayerSchema,
  PUBLIC_WORKS_CACHE_SECONDS,
  PUBLIC_WORKS_LICENCE,
  PUBLIC_WORKS_MAX_FEATURES,
  PUBLIC_WORKS_MESSAGES,
  PUBLIC_WORKS_URLS,
  PublicWorksCollectionSchema,
  PublicWorksQuerySchema,
} from '@voirie/domain';
import { perAccountRateLimit } from '../../http/rate-limit.ts';
import { bareReplies, fileReplies, ok, replies } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { listMapLayers } from '../../geo/services/index.ts';
import {
  publicWorksCsv,
  publicWorksGeoJson,
  publishedTrafficOrder,
} from '../../public-works/public-works-service.ts';
import { AppError } from '../../errors/app-error.ts';
import { parisToday } from '../../requests/french-date.ts';

// The public works map and its open data (docs/public-works.md): no session, no
// personal data (the domain's presentPublicWork), cacheable five minutes, ETag and 304 (as all
// open data, http/caching.ts), a generous limit per address. Thin: parse, call the service, send.

const REASON = 'open data of the works under way or to come: no personal data (presentPublicWork)';
/** Generous: a page opens with one call; a reuser refreshing every minute stays far below. */
const PUBLIC_RATE_LIMIT = { max: 300, windowMs: 60_000, message: PUBLIC_WORKS_MESSAGES.tooManyRequests };

const LICENCE_TEXT = `Données publiées sous ${PUBLIC_WORKS_LICENCE.name} (Etalab, ${PUBLIC_WORKS_LICENCE.url}) : réutilisation libre, y compris commerciale, en citant la source.`;
const QUERY_TEXT = `Filtres facultatifs : bbox=minLon,minLat,maxLon,maxLat (degrés, EPSG:4326), from et to (AAAA-MM-JJ, jours inclus) : les travaux dont la période rencontre [from, to]. Seuls les travaux en cours ou à venir sont publiés, les plus proches d’abord, ${String(PUBLIC_WORKS_MAX_FEATURES)} au plus. Réponse en cache ${String(PUBLIC_WORKS_CACHE_SECONDS)} s (Cache-Control public) avec un ETag (If-None-Match : 304). Champs décrits sur ${PUBLIC_WORKS_URLS.fields}. Jamais de donnée personnelle : ni demandeur, ni bénéficiaire, ni courriel, ni téléphone, ni numéro dans la rue.`;

/** Sends an open-data body: cacheable by anyone (with its ETag), readable from any site. */
function sendCacheable(reply: FastifyReply, body: string, headers: Record<string, string>): FastifyReply {
  reply
    .header('cache-control', `public, max-age=${String(PUBLIC_WORKS_CACHE_SECONDS)}`)
    .header('link', `<${PUBLIC_WORKS_LICENCE.url}>; rel="license"`)
    // Open data: any site may fetch it (no credentials are involved).
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin');
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.send(body);
}

/** GET public/works.geojson, public/works.csv, a works site's traffic order and public/map-layers. */
export function publicWorksRoutes(app: ApiApp, ctx: RouteContext) {
  const config = {
    policy: publicRoute(REASON),
    rateLimit: perAccountRateLimit('public-works', PUBLIC_RATE_LIMIT),
  };
  app.get(
    PUBLIC_WORKS_URLS.geojson,
    {
      config,
      schema: {
        tags: ['Données ouvertes'],
        summary: 'Travaux en cours et à venir (GeoJSON, Licence Ouverte)',
        description: `GeoJSON FeatureCollection (RFC 7946) des permissions de voirie accordées dont les travaux sont en cours ou à venir : nature, commune, voie, dates, opérateur de réseau, impact sur la circulation. ${QUERY_TEXT} ${LICENCE_TEXT}`,
        querystring: PublicWorksQuerySchema,
        response: bareReplies(PublicWorksCollectionSchema),
      },
    },
    async (request, reply) => {
      const answer = await publicWorksGeoJson(ctx.db, request.query, {
        today: parisToday(),
        producer: ctx.config.communityName,
      });
      return sendCacheable(reply, answer, { 'content-type': 'application/geo+json; charset=utf-8' });
    },
  );
  app.get(
    PUBLIC_WORKS_URLS.csv,
    {
      config,
      schema: {
        tags: ['Données ouvertes'],
        summary: 'Travaux en cours et à venir (CSV, Licence Ouverte)',
        description: `Les mêmes travaux et les mêmes champs que le GeoJSON, plus longitude et latitude, en CSV (UTF-8 avec BOM, séparateur « ; », dates AAAA-MM-JJ). ${QUERY_TEXT} ${LICENCE_TEXT}`,
        querystring: PublicWorksQuerySchema,
        response: fileReplies('travaux-en-cours-et-a-venir.csv (text/csv)'),
      },
    },
    async (request, reply) => {
      const answer = await publicWorksCsv(ctx.db, request.query, { today: parisToday() });
      return sendCacheable(reply, answer, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="travaux-en-cours-et-a-venir.csv"',
      });
    },
  );
  // The signed traffic-police order of a works site: a regulatory act, published.
  app.get(
    PUBLIC_WORKS_URLS.trafficOrder(':key'),
    {
      config: {
        ...config,
        policy: publicRoute(
          'a signed traffic-police order: a regulatory act that must be published (CGCT L2131-1); its merge holds no party and no text the applicant typed (ADR 0010)',
        ),
      },
      schema: {
        tags: ['Données ouvertes'],
        summary: 'Arrêté de police de la circulation signé d’un chantier (PDF)',
        description:
          'Le PDF signé de l’arrêté de police de la circulation qui réglemente la circulation pendant les travaux, à l’adresse donnée par le champ arrete_circulation du chantier.',
        params: z.object({
          key: z.string().regex(/^[\w-]{16}$/, { error: PUBLIC_WORKS_MESSAGES.trafficOrderNotFound }),
        }),
        response: fileReplies('arrete-circulation-<identifiant>.pdf (application/pdf)'),
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const order = await publishedTrafficOrder(ctx.db, key);
      if (!order || (await ctx.filing.store.sizeOf(order.storageKey)) === null)
        throw new AppError('NOT_FOUND', PUBLIC_WORKS_MESSAGES.trafficOrderNotFound);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="arrete-circulation-${key}.pdf"`)
          .header('cache-control', `public, max-age=${String(PUBLIC_WORKS_CACHE_SECONDS)}`)
          // The file's SHA-256: the same tag, the same bytes (a 304 then, http/caching.ts).
          .header('etag', `"${order.sha256}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(await ctx.filing.store.open(order.storageKey))
      );
    },
  );
  // The public map (/travaux) has no session: it reads the same layers as the portal's maps
  // (base layers and open local layers; `map-layers` stays for signed-in pages).
  app.get(
    '/api/public/map-layers',
    {
      config: {
        ...config,
        policy: publicRoute('the public works map: base maps and open local layers, no personal data'),
      },
      schema: {
        tags: ['Données ouvertes'],
        summary: 'Couches de la carte publique des travaux',
        response: replies(z.array(MapLayerSchema)),
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', `public, max-age=${String(PUBLIC_WORKS_CACHE_SECONDS)}`);
      return ok(await listMapLayers(ctx.db, null));
    },
  );
}
