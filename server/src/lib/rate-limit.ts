import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client';
import { tooManyRequests } from './errors';
import type { RedisLink } from './redis-link';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * Counts hits on a key in fixed windows, shared by every app server (docs/decisions/037-rate-limits.md): in
 * Redis when it is configured (rate-limiter-flexible), else in PostgreSQL. The login failure counters
 * (`reserve`, `settle`) are always in PostgreSQL: they hold checks in flight, which only a transaction can.
 */
export interface RateCounter {
  /** Counts one hit on `key`; allowed while the hits of the current window stay within `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

export function postgresCounter(db: Db): RateCounter {
  return { hit: (key, limit, windowMs) => hit(db, key, limit, windowMs), close: async () => {} };
}

/**
 * The counters in Redis: one atomic INCR-with-expiry per hit (rate-limiter-flexible's RateLimiterRedis), no
 * write to PostgreSQL. While Redis is not answering (the link's breaker is open, lib/redis-link.ts) the
 * PostgreSQL counters take over at once, so a limit is never lifted by an outage (the counts restart in the
 * store that answers), and a stalled Redis costs a hit its wait only once, not at every request.
 */
/** How long a hit waits for Redis before PostgreSQL counts it instead (and the breaker opens). */
const REDIS_WAIT_MS = 300;

export function redisCounter(link: RedisLink, prefix: string, db: Db): RateCounter {
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
        return hit(db, key, limit, windowMs);
      }
      return { allowed: res.consumedPoints <= limit, hits: res.consumedPoints, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
    },
    // The link is the app's, closed with it.
    close: async () => {},
  };
}

/**
 * A fixed-window counter in PostgreSQL, shared by every app server: one atomic upsert per hit.
 * `hit` counts every call; `reserve` and `settle` count only outcomes (login failures).
 */
async function hit(db: Db, key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const rows = await db.$queryRaw<{ hits: number; resetAt: Date }[]>`
    INSERT INTO "RateLimit" ("key", "hits", "resetAt")
    VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET
      "hits" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."hits" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "hits", "resetAt"`;
  const row = rows[0]!;
  return { allowed: row.hits <= limit, hits: row.hits, retryAfterSeconds: secondsUntil(row.resetAt) };
}

const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));

export type Reservation = { reserved: true } | { reserved: false; full: boolean; retryAfterSeconds: number };

/**
 * Reserves one check on a failures-only counter, in one atomic upsert: granted while the failures plus the
 * checks in flight (`pending`) stay under `limit`, so parallel attempts are never checked past the limit,
 * yet a check that succeeds costs nothing once settled. Refused with `full` when the failures alone reach
 * the limit (answer 429); otherwise the counter is only busy with checks in flight (wait and try again).
 * A new window also forgets `pending`, so a process killed mid-check cannot hold a slot for longer.
 */
export async function reserve(db: Db, key: string, limit: number, windowMs: number): Promise<Reservation> {
  const granted = await db.$queryRaw<{ hits: number }[]>`
    INSERT INTO "RateLimit" ("key", "hits", "pending", "resetAt")
    VALUES (${key}, 0, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET
      "hits" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 0 ELSE "RateLimit"."hits" END,
      "pending" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."pending" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    WHERE "RateLimit"."resetAt" <= now() OR "RateLimit"."hits" + "RateLimit"."pending" < ${limit}
    RETURNING "hits"`;
  if (granted.length > 0) return { reserved: true };
  const row = await db.rateLimit.findUnique({ where: { key }, select: { hits: true, resetAt: true } });
  if (!row) return { reserved: false, full: false, retryAfterSeconds: 1 };
  const full = row.hits >= limit;
  return { reserved: false, full, retryAfterSeconds: full ? secondsUntil(row.resetAt) : 1 };
}

/** Ends reserved checks: each gives its slot back and, when `failed`, counts one failure. */
export async function settle(db: Db, keys: string[], failed: boolean): Promise<void> {
  for (const key of keys) {
    await db.$executeRaw`
      UPDATE "RateLimit" SET "pending" = GREATEST("pending" - 1, 0), "hits" = "hits" + ${failed ? 1 : 0}
      WHERE "key" = ${key}`;
  }
}

/** Counts a hit and throws 429 (with Retry-After) past the limit. */
export async function enforce(counter: RateCounter, key: string, limit: number, windowMs: number, message: string): Promise<void> {
  const result = await counter.hit(key, limit, windowMs);
  if (!result.allowed) throw tooManyRequests(message, result.retryAfterSeconds);
}
