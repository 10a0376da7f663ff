import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type ForgotPassword, type Login } from '@voirie/domain';
import { AttemptThrottle, type AttemptRule } from '../../http/attempt-throttle.ts';
import { addressOf } from '../../http/rate-limit.ts';
import { RateLimitCounters } from '../../auth/rate-limit-store.ts';
import { AppError } from '../../errors/app-error.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';

/** The throttles of the account routes (docs/decisions/0002-login-throttling.md). */
export interface AccountThrottles {
  login: AttemptThrottle;
  reset: AttemptThrottle;
  passwordChange: AttemptThrottle;
}

/** What only a wrong password (or current password) counts as: a failure that stays counted. */
export function isWrongPassword(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.code === 'INVALID_CREDENTIALS' || error.message === ACCOUNT_MESSAGES.currentPasswordWrong)
  );
}

/**
 * Per address (every account tried from it) and per account + address, never per account
 * alone: failures from one address cannot make the owner wait anywhere else.
 */
function rulesFor(
  name: string,
  limits: RouteContext['config']['rateLimit'],
  account: (request: FastifyRequest) => string,
): AttemptRule[] {
  return [
    { name: `${name}-address`, max: limits.perAddress, subject: addressOf, onSuccess: 'refund' },
    {
      name: `${name}-account`,
      max: limits.perAccount,
      subject: (request) => `${account(request)}|${addressOf(request)}`,
      onSuccess: 'forget',
    },
  ];
}

/** Builds the sign-in, reset-request and password-change throttles. */
export function accountThrottles(app: ApiApp, ctx: RouteContext): AccountThrottles {
  const limits = ctx.config.rateLimit;
  const counters = new RateLimitCounters(ctx.db);
  const options = {
    windowMs: limits.windowSeconds * 1000,
    firstDelayMs: limits.firstDelaySeconds * 1000,
    message: ACCOUNT_MESSAGES.tooManyAttempts,
  };
  const throttle = (name: string, account: (request: FastifyRequest) => string) =>
    new AttemptThrottle(app, counters, rulesFor(name, limits, account), options);
  return {
    login: throttle('login', (request) => (request.body as Login).username),
    reset: throttle('reset', (request) => (request.body as ForgotPassword).email),
    passwordChange: throttle('password', (request) => `user:${request.session?.userId ?? 'none'}`),
  };
}
