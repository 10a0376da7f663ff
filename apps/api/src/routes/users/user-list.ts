import { UserListPageSchema, UserListQuerySchema } from '@voirie/domain';
import { bareReplies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { listUsers } from '../../users/users-list.ts';
import { USER_TAGS } from './user-params.ts';

/**
 * GET stduser (docs/screens.md "Users list", docs/api-users.md): admins (who edit) and instructors
 * (who read) only.
 */
export function userListRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/stduser',
    {
      config: { policy: withRoles('ROLE_ADMIN', 'ROLE_INSTRUCTEUR') },
      schema: {
        tags: USER_TAGS,
        summary: 'Liste des utilisateurs',
        querystring: UserListQuerySchema,
        response: bareReplies(UserListPageSchema),
      },
    },
    async (request) => ({ success: true as const, message: '', ...(await listUsers(ctx.db, request.query)) }),
  );
}
