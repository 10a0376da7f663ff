import type { ApiApp, RouteContext } from '../../http/types.ts';
import { requestCancelRoute } from './request-cancel.ts';
import { requestCountRoute } from './request-count.ts';
import { requestExportRoutes } from './request-export.ts';
import { requestGetRoute } from './request-get.ts';
import { requestListRoute } from './request-list.ts';
import { requestTilesRoute } from './request-tiles.ts';
import { requestWithdrawRoute } from './request-withdraw.ts';
import { statesRoute } from './states.ts';

/** The request list part of the call catalogue: list, its map's tiles, counts, exports, cancel, withdrawal, states. */
export function requestRoutes(app: ApiApp, ctx: RouteContext) {
  requestListRoute(app, ctx);
  requestTilesRoute(app, ctx);
  requestCountRoute(app, ctx);
  requestExportRoutes(app, ctx);
  requestCancelRoute(app, ctx);
  requestWithdrawRoute(app, ctx);
  requestGetRoute(app, ctx);
  statesRoute(app);
}
