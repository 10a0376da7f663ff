import { z } from 'zod';
import {
  INVITATION_MESSAGES,
  InvitationAcceptedSchema,
  InvitationSummarySchema,
  InvitationTokenSchema,
} from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { acceptInvitation, describeInvitation } from '../../requests/invitations/invitation-service.ts';

const TAGS = ['Invitations'];
const TokenParamsSchema = z.object({ token: InvitationTokenSchema });

/**
 * A party's invitation: `GET invitation/{token}` tells what it is about and
 * `POST invitation/{token}/accept` links the signed-in account of the invited address.
 */
export function invitationRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/invitation/:token',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: 'Une invitation à suivre une demande',
        params: TokenParamsSchema,
        response: replies(InvitationSummarySchema),
      },
    },
    async (request) => ok(await describeInvitation(ctx.db, currentUser(request), request.params.token)),
  );
  app.post(
    '/api/invitation/:token/accept',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: "Accepter l'invitation",
        params: TokenParamsSchema,
        response: replies(InvitationAcceptedSchema),
      },
    },
    async (request) =>
      ok(
        await acceptInvitation(ctx.db, currentUser(request), request.params.token),
        INVITATION_MESSAGES.accepted,
      ),
  );
}
