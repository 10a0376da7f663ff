import type { ApiApp, RouteContext } from '../../http/types.ts';
import { mailHistoryRoute } from './mail-history.ts';
import { mailResendRoute } from './mail-resend.ts';
import { mailWebhookRoute } from './mail-webhook.ts';

/** Mail history of a request, the administrators' 'Renvoyer', and the provider webhook. */
export function mailRoutes(app: ApiApp, ctx: RouteContext) {
  mailHistoryRoute(app, ctx);
  mailResendRoute(app, ctx);
  mailWebhookRoute(app, ctx);
}
