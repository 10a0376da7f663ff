import type { ApiApp, RouteContext } from '../../http/types.ts';
import { mailHistoryRoute } from './mail-history.ts';
import { mailWebhookRoute } from './mail-webhook.ts';

/** Mail history of a request and the provider webhook. */
export function mailRoutes(app: ApiApp, ctx: RouteContext) {
  mailHistoryRoute(app, ctx);
  mailWebhookRoute(app, ctx);
}
