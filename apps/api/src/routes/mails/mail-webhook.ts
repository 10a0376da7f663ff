import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { ok, replies } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { applyMailEvents, type MailEvent } from '../../requests/mail-history.ts';

const EventSchema = z
  .object({
    event: z.string().max(50).optional(),
    status: z.string().max(50).optional(),
    MessageID: z.union([z.string().max(100), z.number()]).optional(),
    messageId: z.union([z.string().max(100), z.number()]).optional(),
    mailjetId: z.union([z.string().max(100), z.number()]).optional(),
    hard_bounce: z.boolean().optional(),
  })
  .loose();

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST webhooks/mail: mail-provider events update the mail log (docs/api-requests.md). Public, but
 * checked with the shared secret `x-webhook-secret` = MAIL_WEBHOOK_SECRET; without that
 * setting the route does not exist (404).
 */
export function mailWebhookRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/webhooks/mail',
    {
      config: { policy: publicRoute('Mail provider webhook, authenticated by a shared secret header') },
      schema: {
        tags: ['Demandes'],
        summary: 'Événements du prestataire de mails',
        body: z.union([EventSchema, z.array(EventSchema).max(1000)]),
        response: replies(z.object({ updated: z.number().int() })),
      },
    },
    async (request) => {
      const secret = process.env.MAIL_WEBHOOK_SECRET;
      if (!secret) throw new AppError('NOT_FOUND', "Cette route n'existe pas sur l'api");
      const given = request.headers['x-webhook-secret'];
      if (typeof given !== 'string' || !sameSecret(given, secret))
        throw new AppError('UNAUTHENTICATED', 'Secret du webhook invalide.');
      const events = (Array.isArray(request.body) ? request.body : [request.body]) as MailEvent[];
      return ok({ updated: await applyMailEvents(ctx.db, events) });
    },
  );
}
