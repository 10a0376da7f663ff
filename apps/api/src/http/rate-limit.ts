import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ACCOUNT_MESSAGES } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import type { ApiApp } from './types.ts';
import { databaseRateLimitStore, RateLimitCounters } from '../auth/rate-limit-store.ts';

/** The 429 every limit answers: a French message and the wait in Retry-After. */
export function tooManyAttempts(message: string, waitMs: number): AppError {
  return new AppError('TOO_MANY_ATTEMPTS', message, { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) });
}

/** The caller's address as limits count it: IPv4 as is, IPv6 by its /64 (one subscriber). */
export function addressOf(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/**
 * Registers @fastify/rate-limit with its counters in the database (shared by every
 * instance). Nothing is limited by default: routes opt in with `config.rateLimit`, and the
 * sign-in throttles use `app.createRateLimit` (http/attempt-throttle.ts).
 */
export async function registerRateLimit(app: ApiApp, db: Kysely<Database>): Promise<RateLimitCounters> {
  const counters = new RateLimitCounters(db);
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(counters),
    errorResponseBuilder: (_request, context) =>
      tooManyAttempts(ACCOUNT_MESSAGES.tooManyAttempts, context.ttl),
  });
  return counters;
}

/** A route's `config.rateLimit`: at most `max` calls per window for each signed-in account. */
export function perAccountRateLimit(
  name: string,
  options: { max: number; windowMs: number; message: string },
): RateLimitOptions {
  return {
    max: options.max,
    timeWindow: options.windowMs,
    // The policy hook ran before (onRequest, root level): a signed-in route has its session.
    keyGenerator: (request) =>
      `${name}:${request.session ? `user:${request.session.userId}` : `address:${addressOf(request)}`}`,
    errorResponseBuilder: (_request, context) => tooManyAttempts(options.message, context.ttl),
  };
}

/** A route's `config.rateLimit`: at most `max` calls per window from one address. */
export function perAddressRateLimit(
  name: string,
  options: { max: number; windowMs: number },
): RateLimitOptions {
  return {
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => `${name}:${addressOf(request)}`,
  };
}
