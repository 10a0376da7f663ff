import { z } from 'zod';
import {
  PUBLICATION_TEXTS,
  PUBLIC_ACTS_URLS,
  PublicActSchema,
  PublicActsPageSchema,
  PublicActsQuerySchema,
} from '@voirie/domain';
import { AppError } from '../../errors/app-error.ts';
import { perAccountRateLimit } from '../../http/rate-limit.ts';
import { fileReplies, ok, replies } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { findPublicAct, listPublicActs, publishedActFile } from '../../requests/acts/public-acts.ts';

// The published acts (docs/acts.md « Publication »): no session, as the public works; the same
// generous limit per address. Only what the act itself shows: no applicant, no e-mail.

const REASON =
  'regulatory acts published electronically (CGCT L2131-1, R2131-1): the act, its dates and hash, its signatory — no applicant nor personal data of a party';
const TAGS = ['Actes publiés'];
const RATE_LIMIT = { max: 300, windowMs: 60_000, message: PUBLICATION_TEXTS.tooManyRequests };
const ParamsSchema = z.object({ number: z.string().min(1).max(15) });

export function publicActRoutes(app: ApiApp, ctx: RouteContext) {
  const config = {
    policy: publicRoute(REASON),
    rateLimit: perAccountRateLimit('public-acts', RATE_LIMIT),
  };
  app.get(
    PUBLIC_ACTS_URLS.api,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Actes publiés : les plus récents d’abord, recherche par numéro, objet ou commune',
        querystring: PublicActsQuerySchema,
        response: replies(PublicActsPageSchema),
      },
    },
    async (request) => ok(await listPublicActs(ctx.db, request.query)),
  );
  app.get(
    `${PUBLIC_ACTS_URLS.api}/:number`,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Un acte publié : numéro, objet, date et heure de publication, signataire, SHA-256',
        params: ParamsSchema,
        response: replies(PublicActSchema),
      },
    },
    async (request) => {
      const act = await findPublicAct(ctx.db, request.params.number);
      if (!act) throw new AppError('NOT_FOUND', PUBLICATION_TEXTS.notFound);
      return ok(act);
    },
  );
  app.get(
    `${PUBLIC_ACTS_URLS.api}/:number/pdf`,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          'Le PDF publié d’un acte (PDF/A, tamponné, scellé) ; son SHA-256 est celui de la page de l’acte',
        params: ParamsSchema,
        response: fileReplies('acte-<numéro>.pdf (application/pdf)'),
      },
    },
    async (request, reply) => {
      const { number } = request.params;
      const file = await publishedActFile(ctx.db, number);
      if (!file || (await ctx.filing.store.sizeOf(file.storageKey)) === null)
        throw new AppError('NOT_FOUND', PUBLICATION_TEXTS.notFound);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="acte-${number}.pdf"`)
          // Published for good, never changed: its SHA-256 is its tag.
          .header('cache-control', 'public, max-age=86400')
          .header('etag', `"${file.sha256}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(await ctx.filing.store.open(file.storageKey))
      );
    },
  );
}
