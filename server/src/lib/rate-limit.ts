import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './errors';
import type { RedisLink } from './redis-link';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * Counts hits on a key in fixed windows, shared by every app server (docs/decisions/037-rate-limits.md): in
 * Redis when it is configured (rate-limiter-flexible, here), else in PostgreSQL (rate-limits/). The login
 * failure counters (`reserve`, `settle`) are always in PostgreSQL: they hold checks in flight, which only a
 * transaction can.
 */
export interface RateCounter {
  /** Counts one hit on `key`; allowed while the hits of the current window stay within `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

/**
 * The counters in Redis: one atomic INCR-with-expiry per hit (rate-limiter-flexible's RateLimiterRedis), no
 * write to PostgreSQL. While Redis is not answering (the link's breaker is open, lib/redis-link.ts) the
 * `fallback` counters (PostgreSQL's, rate-limits/) take over at once, so a limit is never lifted by an outage
 * (the counts restart in the store that answers), and a stalled Redis costs a hit its wait only once, not at
 * every request.
 */
/** How long a hit waits for Redis before PostgreSQL counts it instead (and the breaker opens). */
const REDIS_WAIT_MS = 300;

export function redisCounter(link: RedisLink, prefix: string, fallback: RateCounter): RateCounter {
  // A limiter per limit and window, per connection: the link replaces its connection after an outage.
  const limiters = new WeakMap<object, Map<string, RateLimiterRedis>>();
  const limiter = (client: object, limit: number, windowMs: number) => {
    let byLimit = limiters.get(client);
    if (!byLimit) limiters.set(client, (byLimit = new Map()));
    const id = `${limit}:${windowMs}`;
    let found = byLimit.get(id);
    if (!found) {
      found = new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        points: limit,
        duration: Math.max(1, Math.ceil(windowMs / 1000)),
        keyPrefix: `${prefix}rate:${windowMs}`,
      });
      byLimit.set(id, found);
    }
    return found;
  };
  return {
    async hit(key, limit, windowMs) {
      let res: RateLimiterRes;
      try {
        // A refusal is an answer, not a failure of Redis: it is returned, so that only failures open the breaker.
        res = await link.run(
          (client) =>
            limiter(client, limit, windowMs)
              .consume(key)
              .catch((err: unknown) => (err instanceof RateLimiterRes ? err : Promise.reject(err))),
          REDIS_WAIT_MS,
        );
      } catch {
        return fallback.hit(key, limit, windowMs);
      }
      return { allowed: res.consumedPoints <= limit, hits: res.consumedPoints, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
    },
    // The link is the app's, closed with it.
    close: async () => {},
  };
}

/** Counts a hit and throws 429 (with Retry-After) past the limit. */
export async function enforce(counter: RateCounter, key: string, limit: number, windowMs: number, message: string): Promise<void> {
  const result = await counter.hit(key, limit, windowMs);
  if (!result.allowed) throw tooManyRequests(message, result.retryAfterSeconds);
}
