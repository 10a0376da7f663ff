import { z } from 'zod';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { mailHistory } from '../../requests/mail-history.ts';
import { MailHistoryItemSchema } from '@voirie/domain';
import { MailKeyParamsSchema } from './mail-schemas.ts';

/** GET mails/{id}: the mail history of a request the viewer may see (docs/screens.md "Request list"). */
export function mailHistoryRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/mails/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Demandes'],
        summary: "Historique des mails d'une demande",
        params: MailKeyParamsSchema,
        response: replies(z.array(MailHistoryItemSchema)),
      },
    },
    async (request) => ok(await mailHistory(ctx.db, currentUser(request), request.params.id)),
  );
}
