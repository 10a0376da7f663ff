import { describe, expect, test } from 'vitest';
import { RateLimiter } from './rate-limiter.ts';

describe('rate limiter', () => {
  test('counts attempts per key within a window, then lets go', () => {
    let now = 0;
    const limiter = new RateLimiter(60_000, () => now);
    for (let i = 0; i < 3; i++) limiter.hit('a');
    expect(limiter.retryAfter('a', 3)).toBe(60);
    expect(limiter.retryAfter('b', 3)).toBe(0);
    now = 30_000;
    expect(limiter.retryAfter('a', 3)).toBe(30);
    now = 60_000;
    expect(limiter.retryAfter('a', 3)).toBe(0);
  });

  test('reset forgets a key', () => {
    const limiter = new RateLimiter(60_000);
    limiter.hit('a');
    limiter.hit('a');
    limiter.reset('a');
    expect(limiter.retryAfter('a', 1)).toBe(0);
  });
});
