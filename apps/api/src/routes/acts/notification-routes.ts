import { z } from 'zod';
import {
  ActNotificationSchema,
  CAPABILITIES,
  NOTIFICATION_TEXTS,
  NotifiedActSchema,
  PostalNotificationSchema,
} from '@voirie/domain';
import {
  listRequestNotifications,
  openNotifiedAct,
  recordPostalNotification,
} from '../../requests/acts/notification-service.ts';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn, withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { RequestIdParamsSchema } from '../requests/request-cancel.ts';

const TAGS = ['Notification des actes'];
const ActNumberSchema = z.string().min(1).max(40);

/**
 * The notification of individual decisions (docs/acts.md « Notification »): a request's notified
 * acts with their proof, the personal link's opening, the registered letter.
 */
export function actNotificationRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/request/:id/notifications',
    {
      // Whoever sees the request (the service checks it): the applicant's appeal delay too.
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: "Notification des actes d'une demande : preuve, délai de recours",
        params: RequestIdParamsSchema,
        response: replies(z.array(ActNotificationSchema)),
      },
    },
    async (request) => ok(await listRequestNotifications(ctx.db, currentUser(request), request.params.id)),
  );

  app.post(
    '/api/acts/:number/opening',
    {
      // The addressee's first opening is the acknowledgement; others only read (the service).
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: 'Ouvrir un acte notifié par son lien personnel (accusé de réception)',
        params: z.object({ number: ActNumberSchema }),
        response: replies(NotifiedActSchema),
      },
    },
    async (request) => ok(await openNotifiedAct(ctx.db, currentUser(request), request.params.number)),
  );

  app.post(
    '/api/request/:id/notifications/:number/postal',
    {
      config: { policy: withRoles(...CAPABILITIES.recordPostalNotification) },
      schema: {
        tags: TAGS,
        summary: 'Enregistrer une notification par lettre recommandée',
        params: RequestIdParamsSchema.extend({ number: ActNumberSchema }),
        body: PostalNotificationSchema,
        response: replies(z.array(ActNotificationSchema)),
      },
    },
    async (request) =>
      ok(
        await recordPostalNotification(
          ctx.db,
          currentUser(request),
          { key: request.params.id, number: request.params.number },
          request.body,
        ),
        NOTIFICATION_TEXTS.postalRecorded,
      ),
  );
}
