import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { MAIL_RESENT_NOTICE, resendMail } from '../../requests/resend-mail.ts';
import { MailHistoryItemSchema } from '@voirie/domain';
import { MailLogIdParamsSchema } from './mail-schemas.ts';

/** POST mails/{mailLogId}/resend: an administrator's 'Renvoyer' on a failed mail. */
export function mailResendRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/mails/:mailLogId/resend',
    {
      config: { policy: withRoles('ROLE_ADMIN') },
      schema: {
        tags: ['Demandes'],
        summary: 'Renvoyer un mail en échec',
        params: MailLogIdParamsSchema,
        response: replies(MailHistoryItemSchema),
      },
    },
    async (request) => {
      const mail = await resendMail(ctx.db, currentUser(request), request.params.mailLogId);
      ctx.filing.onMailQueued();
      return ok(mail, MAIL_RESENT_NOTICE);
    },
  );
}
