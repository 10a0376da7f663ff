import type { ApiApp, RouteContext } from '../../http/types.ts';
import { catalogueRoutes } from './catalogue.ts';
import { documentRoutes } from './documents.ts';
import { requestFileRoute } from './request-file.ts';
import { requestUpdateRoute } from './request-update.ts';

/** Filing: the atomic filing and completion, the step-by-step catalogue, documents. */
export function filingRoutes(app: ApiApp, ctx: RouteContext) {
  requestFileRoute(app, ctx);
  requestUpdateRoute(app, ctx);
  catalogueRoutes(app, ctx);
  documentRoutes(app, ctx);
}
