import type { ApiApp, RouteContext } from '../../http/types.ts';
import { userAvatarRoutes } from './user-avatar.ts';
import { userDetailRoutes } from './user-detail.ts';
import { userLinkRoutes } from './user-links.ts';
import { userListRoute } from './user-list.ts';
import { perimeterRequestRoute } from './perimeter-request.ts';

/**
 * The users part of the call catalogue (docs/api-users.md: stduser, stduser/{id}, stduser/upload), with
 * the password link an admin resends, the confirmation of a new address and an admin's decision
 * on a guichet's perimeter request. Registered where
 * multipart bodies are read (the avatar).
 */
export function userRoutes(app: ApiApp, ctx: RouteContext) {
  userListRoute(app, ctx);
  userDetailRoutes(app, ctx);
  userLinkRoutes(app, ctx);
  userAvatarRoutes(app, ctx);
  perimeterRequestRoute(app, ctx);
}
