import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { ApiApp } from './types.ts';
import type { RateLimitCounters } from '../auth/rate-limit-store.ts';
import { tooManyAttempts } from './rate-limit.ts';

/** One counter an attempt is counted under. */
export interface AttemptRule {
  /** Names the counter (the start of its key). */
  name: string;
  /** Attempts before the delays start. */
  max: number;
  /** Whom the request counts against: an address, an account and an address… */
  subject: (request: FastifyRequest) => string;
  /** After an attempt that was not a failure: forget the whole counter, or only give this attempt back. */
  onSuccess: 'forget' | 'refund';
}

type Check = ReturnType<ApiApp['createRateLimit']>;

/** An attempt counted by a throttle, until its outcome is known. */
export class Attempt {
  constructor(
    private readonly counters: RateLimitCounters,
    private readonly counted: { key: string; rule: AttemptRule }[],
  ) {}

  /** Not a failure: successes never count, and a success clears its own counters. */
  async succeeded(): Promise<void> {
    for (const { key, rule } of this.counted) {
      await (rule.onSuccess === 'forget' ? this.counters.forget(key) : this.counters.refund(key));
    }
  }
}

/**
 * Attempts counted under several rules at once, with growing delays (@fastify/rate-limit's
 * `createRateLimit` over the shared database store): once a rule's free attempts are used, the
 * next attempt waits `firstDelayMs`, each further one twice as long as the one before, up to
 * `windowMs`. Counting comes first,
 * so parallel attempts cannot all slip through on one stale count.
 */
export class AttemptThrottle {
  private readonly checks: { rule: AttemptRule; check: Check }[];

  constructor(
    app: ApiApp,
    private readonly counters: RateLimitCounters,
    rules: AttemptRule[],
    private readonly options: { windowMs: number; firstDelayMs: number; message: string },
  ) {
    this.checks = rules.map((rule) => {
      // firstDelayMs is ours: the plugin hands a limit's options to the store (rate-limit-store.ts).
      const limit: RateLimitOptions & { firstDelayMs: number } = {
        max: rule.max,
        timeWindow: options.windowMs,
        exponentialBackoff: true,
        firstDelayMs: options.firstDelayMs,
        keyGenerator: (request) => `${rule.name}:${rule.subject(request)}`,
      };
      return { rule, check: app.createRateLimit(limit) };
    });
  }

  /** Counts the request under every rule; 429 (TOO_MANY_ATTEMPTS, Retry-After) when one says wait. */
  async begin(request: FastifyRequest): Promise<Attempt> {
    const counted: { key: string; rule: AttemptRule }[] = [];
    for (const { rule, check } of this.checks) {
      const result = await check(request);
      if (result.isAllowed) continue;
      if (result.isExceeded) {
        // The refused attempt never happened: the rules that counted it give it back.
        for (const { key } of counted) await this.counters.refund(key);
        throw tooManyAttempts(this.options.message, result.ttl);
      }
      counted.push({ key: result.key, rule });
    }
    return new Attempt(this.counters, counted);
  }

  /**
   * Runs `work` as one attempt: when it fails as `isFailure` tells (a wrong password), the
   * attempt stays counted; any other outcome is not held against the caller.
   */
  async run<T>(
    request: FastifyRequest,
    work: () => Promise<T>,
    isFailure: (error: unknown) => boolean,
  ): Promise<T> {
    const attempt = await this.begin(request);
    let result: T;
    try {
      result = await work();
    } catch (error) {
      if (!isFailure(error)) await attempt.succeeded();
      throw error;
    }
    await attempt.succeeded();
    return result;
  }
}
