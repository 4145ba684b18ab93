import { DomainError } from '../errors.js';

/**
 * A token bucket per access token: bursts up to a minute's allowance, refilled continuously. In memory, because
 * one station process serves a desk; a restart forgets the counts, which errs on the side of serving.
 */
export function createRateLimiter(perMinute: number, now: () => number) {
  const buckets = new Map<number, { tokens: number; at: number }>();
  const ratePerMs = perMinute / 60_000;
  return {
    take(key: number): void {
      if (perMinute <= 0) return;
      const t = now();
      const b = buckets.get(key) ?? { tokens: perMinute, at: t };
      b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * ratePerMs);
      b.at = t;
      buckets.set(key, b);
      if (b.tokens < 1) {
        const retryAfter = Math.max(1, Math.ceil((1 - b.tokens) / ratePerMs / 1000));
        throw new DomainError('rate_limited', `more than ${perMinute} requests a minute with this token; retry in ${retryAfter} s`, {
          extra: { retry_after: retryAfter },
        });
      }
      b.tokens -= 1;
    },
  };
}
