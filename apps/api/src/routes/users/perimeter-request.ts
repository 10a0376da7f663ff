import { PerimeterRequestDecisionSchema, UserDetailSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { decidePerimeterRequest } from '../../users/perimeter-requests.ts';
import { USER_TAGS, UserParamsSchema } from './user-params.ts';
import { usersDepsOf } from './users-deps.ts';

/**
 * `POST stduser/{id}/perimeter-request` (admins): approve or refuse the perimeter
 * request a guichet's account is waiting on; the user's page offers it through
 * `abilities.decidePerimeterRequest`.
 */
export function perimeterRequestRoute(app: ApiApp, ctx: RouteContext) {
  const deps = usersDepsOf(ctx);
  app.post(
    '/api/stduser/:id/perimeter-request',
    {
      config: { policy: withRoles('ROLE_ADMIN') },
      schema: {
        tags: USER_TAGS,
        summary: "Accorder ou refuser la demande d'extension de périmètre d'un compte",
        params: UserParamsSchema,
        body: PerimeterRequestDecisionSchema,
        response: replies(UserDetailSchema),
      },
    },
    async (request) => {
      const done = await decidePerimeterRequest(deps, {
        actor: currentUser(request),
        key: request.params.id,
        decision: request.body,
      });
      return ok(done.user, done.message);
    },
  );
}
