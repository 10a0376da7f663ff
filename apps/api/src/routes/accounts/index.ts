import type { ApiApp, RouteContext } from '../../http/types.ts';
import { forgotPasswordRoute } from './forgot-password.ts';
import { loginRoute } from './login.ts';
import { logoutRoute } from './logout.ts';
import { registerRoute } from './register.ts';
import { resetTokenRoute } from './reset-token.ts';
import { setPasswordRoute } from './set-password.ts';
import { accountThrottles } from './throttles.ts';
import { userConnectedRoute } from './user-connected.ts';
import { validateEmailRoute } from './validate-email.ts';

/** The accounts part of the call catalogue. */
export function accountRoutes(app: ApiApp, ctx: RouteContext) {
  const throttles = accountThrottles(app, ctx);
  loginRoute(app, ctx, throttles);
  logoutRoute(app, ctx);
  userConnectedRoute(app);
  registerRoute(app, ctx);
  validateEmailRoute(app, ctx);
  forgotPasswordRoute(app, ctx, throttles);
  resetTokenRoute(app, ctx);
  setPasswordRoute(app, ctx, throttles);
}
