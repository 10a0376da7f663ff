import { ACCOUNT_MESSAGES, LoginAnswerSchema, LoginSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { setSessionCookies } from './session-cookies.ts';
import { isWrongPassword, type AccountThrottles } from './throttles.ts';

/** POST login {username, password}: opens a session (docs/api-accounts.md); wrong passwords are throttled. */
export function loginRoute(app: ApiApp, ctx: RouteContext, throttles: AccountThrottles) {
  app.post(
    '/api/login',
    {
      config: { policy: publicRoute('sign-in') },
      schema: {
        tags: ['Comptes'],
        summary: 'Connexion',
        body: LoginSchema,
        response: replies(LoginAnswerSchema),
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const result = await throttles.login.run(
        request,
        () => ctx.accounts.login(username, password),
        isWrongPassword,
      );
      setSessionCookies(reply, result.token, {
        maxAge: ctx.sessions.ttlSeconds,
        secure: ctx.config.secureCookies,
      });
      return ok(result, ACCOUNT_MESSAGES.loginSuccess);
    },
  );
}
