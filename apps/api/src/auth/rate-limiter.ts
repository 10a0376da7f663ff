/**
 * Fixed-window attempt counter kept in memory. One process holds its own counts: behind a
 * load balancer each instance limits on its own, which still bounds guessing per instance.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait when `key` already used its `limit`, else 0. */
  retryAfter(key: string, limit: number): number {
    const entry = this.current(key);
    return entry && entry.count >= limit ? Math.ceil((entry.resetAt - this.now()) / 1000) : 0;
  }

  /** Counts one attempt for `key`. */
  hit(key: string): void {
    const entry = this.current(key);
    if (entry) entry.count += 1;
    else this.hits.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.hits.size > 10_000) this.sweep();
  }

  /** Forgets `key` (after a successful sign-in). */
  reset(key: string): void {
    this.hits.delete(key);
  }

  private current(key: string) {
    const entry = this.hits.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.hits.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
