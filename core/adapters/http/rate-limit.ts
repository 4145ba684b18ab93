import type { FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from '../../shared/errors.js';
import type { Core } from '../../app/index.js';

/** The policy's name in the RateLimit header fields. */
const POLICY = 'per-token';

export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  reset: number;
}

/**
 * A token bucket per key: bursts up to a minute's allowance, refilled continuously. In memory, because one station
 * process serves a desk; a restart forgets the counts, which errs on the side of serving.
 */
export function createRateLimiter(perMinute: number, now: () => number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const ratePerMs = perMinute / 60_000;
  const seconds = (tokens: number) => Math.max(0, Math.ceil(tokens / ratePerMs / 1000));
  return {
    /** Spends one request of `key`'s allowance; past it, fails with 429 carrying the state for the headers. */
    take(key: string): RateState {
      const t = now();
      const b = buckets.get(key) ?? { tokens: perMinute, at: t };
      b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * ratePerMs);
      b.at = t;
      buckets.set(key, b);
      if (b.tokens < 1) {
        const retryAfter = Math.max(1, seconds(1 - b.tokens));
        throw new DomainError(
          'rate_limited',
          `more than ${perMinute} requests a minute with this token; retry in ${retryAfter} s`,
          {
            extra: { retry_after: retryAfter },
          },
        );
      }
      b.tokens -= 1;
      return { limit: perMinute, remaining: Math.floor(b.tokens), reset: seconds(perMinute - b.tokens) };
    },
  };
}

/** The IETF draft's fields (draft-ietf-httpapi-ratelimit-headers-10): the policy and where the caller stands in it. */
function setHeaders(reply: FastifyReply, s: RateState): void {
  reply.header('RateLimit-Policy', `"${POLICY}";q=${s.limit};w=60`);
  reply.header('RateLimit', `"${POLICY}";r=${s.remaining};t=${s.reset}`);
}

/**
 * Limits every request, keyed by its token, or by its address when it has no valid one (so that guessing tokens is
 * limited too), and tells each answer where its caller stands. A valid caller is remembered on the request so that
 * the route does not authenticate twice. `perMinute` 0 turns the limit, and the headers, off.
 */
export function registerRateLimit(app: FastifyInstance, core: Core, perMinute: number): void {
  if (perMinute <= 0) return;
  const limiter = createRateLimiter(perMinute, () => core.now());
  app.addHook('onRequest', async (req, reply) => {
    let key = `addr:${req.ip}`;
    if (req.headers.authorization) {
      try {
        req.principal = await core.authenticate(req.headers.authorization);
        key = `token:${req.principal.tokenId}`;
      } catch {
        // The route answers 401 with the reason; here the request only counts against its address.
      }
    }
    try {
      setHeaders(reply, limiter.take(key));
    } catch (e) {
      setHeaders(reply, { limit: perMinute, remaining: 0, reset: Number((e as DomainError).extra?.retry_after ?? 1) });
      throw e;
    }
  });
}
