import { z } from 'zod';
import { HistoryItemSchema, HistoryPageSchema, LogEntitySchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { bareReplies, ok, replies } from '../../http/envelope.ts';
import { signedIn, withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { entityHistory, latestHistory } from '../../requests/history-read.ts';

/** Largest page of `GET log`. */
export const MAX_LOG_PAGE_SIZE = 250;

const EntityParamsSchema = z.object({
  entity: LogEntitySchema,
  id: z
    .string({ error: "L'identifiant est obligatoire." })
    .min(1, { error: "L'identifiant est obligatoire." })
    .max(64, { error: "L'identifiant n'est pas valide." }),
});

const LatestQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'La page doit être un nombre.' })
    .int({ error: 'La page doit être un nombre entier.' })
    .min(1, { error: 'La page doit être supérieure ou égale à 1.' })
    .default(1),
  numItemsPerPage: z.coerce
    .number({ error: 'Le nombre de lignes par page doit être un nombre.' })
    .int({ error: 'Le nombre de lignes par page doit être un nombre entier.' })
    .min(1, { error: 'Le nombre de lignes par page doit être supérieur ou égal à 1.' })
    .max(MAX_LOG_PAGE_SIZE, {
      error: `Le nombre de lignes par page ne peut pas dépasser ${String(MAX_LOG_PAGE_SIZE)}.`,
    })
    .default(50),
});

/** The history log (docs/screens.md "History"): one entity's timeline, and the latest entries for admins. */
export function historyRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/log/:entity/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Historique'],
        summary: "Historique d'une demande, d'un utilisateur ou d'une autre entité",
        params: EntityParamsSchema,
        response: replies(z.array(HistoryItemSchema)),
      },
    },
    async (request) =>
      ok(await entityHistory(ctx.db, currentUser(request), request.params.entity, request.params.id)),
  );

  app.get(
    '/api/log',
    {
      config: { policy: withRoles('ROLE_ADMIN') },
      schema: {
        tags: ['Historique'],
        summary: 'Dernières entrées de l’historique',
        querystring: LatestQuerySchema,
        response: bareReplies(HistoryPageSchema),
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      ...(await latestHistory(ctx.db, currentUser(request), request.query)),
    }),
  );
}
