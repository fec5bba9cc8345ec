import type { Db } from '../db/client';
import type { RateCounter, RateLimitResult } from '../lib/rate-limit';

/**
 * The rate limits counted in PostgreSQL (lib/rate-limit.ts): all of them without Redis, and while Redis is not
 * answering; the login failures (`reserve`, `settle`) always.
 */
export function postgresCounter(db: Db): RateCounter {
  return { hit: (key, limit, windowMs) => hit(db, key, limit, windowMs), close: async () => {} };
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
