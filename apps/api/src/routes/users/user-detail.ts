import { UserDetailSchema, UserFormSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn, withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { createUser } from '../../users/create-user.ts';
import { disableUser } from '../../users/disable-user.ts';
import { updateUser } from '../../users/update-user.ts';
import { getUserDetail } from '../../users/user-detail.ts';
import { USER_TAGS, UserParamsSchema } from './user-params.ts';
import { usersDepsOf } from './users-deps.ts';

/**
 * POST stduser (NewUser, admins), GET/PUT/DELETE stduser/{id} (docs/api-users.md). Who may read or
 * change whom, and which roles and perimeters, is the domain's (user-admin.ts), checked by the
 * services: oneself for everyone, anyone for admins; instructors read others.
 */
export function userDetailRoutes(app: ApiApp, ctx: RouteContext) {
  const deps = usersDepsOf(ctx);
  app.post(
    '/api/stduser',
    {
      config: { policy: withRoles('ROLE_ADMIN') },
      schema: {
        tags: USER_TAGS,
        summary: 'Créer un utilisateur (un lien pour choisir son mot de passe lui est envoyé)',
        body: UserFormSchema,
        response: replies(UserDetailSchema, 201),
      },
    },
    async (request, reply) => {
      const done = await createUser(deps, { actor: currentUser(request), form: request.body });
      return reply.code(201).send(ok(done.user, done.message));
    },
  );
  app.get(
    '/api/stduser/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: USER_TAGS,
        summary: 'Un utilisateur',
        params: UserParamsSchema,
        response: replies(UserDetailSchema),
      },
    },
    async (request) => ok(await getUserDetail(ctx.db, currentUser(request), request.params.id)),
  );
  app.put(
    '/api/stduser/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: USER_TAGS,
        summary: 'Modifier un utilisateur (soi-même, ou tout compte pour un administrateur)',
        params: UserParamsSchema,
        body: UserFormSchema,
        response: replies(UserDetailSchema),
      },
    },
    async (request) => {
      const done = await updateUser(deps, {
        actor: currentUser(request),
        key: request.params.id,
        form: request.body,
      });
      return ok(done.user, done.message);
    },
  );
  app.delete(
    '/api/stduser/:id',
    {
      config: { policy: withRoles('ROLE_ADMIN') },
      schema: {
        tags: USER_TAGS,
        summary: 'Supprimer un utilisateur (le compte est désactivé, ses demandes restent)',
        params: UserParamsSchema,
        response: replies(UserDetailSchema),
      },
    },
    async (request) => {
      const done = await disableUser(deps, { actor: currentUser(request), key: request.params.id });
      return ok(done.user, done.message);
    },
  );
}
