import type { ApiApp, RouteContext } from '../../http/types.ts';
import { groupWriteRoutes } from './group-writes.ts';
import { mandateRoutes } from './mandate-routes.ts';
import { perimeterPostRoute } from './perimeter-post.ts';

/**
 * Operators and subcontractors (docs/api-groups.md): POST perimeter
 * (a search, or a group's creation), PUT and DELETE perimeter/{id}, the mandates.
 */
export function groupRoutes(app: ApiApp, ctx: RouteContext) {
  perimeterPostRoute(app, ctx);
  groupWriteRoutes(app, ctx);
  mandateRoutes(app, ctx);
}
