import type { Db } from '../db/client';
import { tooManyRequests } from './errors';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter in PostgreSQL, shared by every app server: one atomic upsert per hit.
 * `hit` counts and reports; `peek` only reports (for "failures only" limits such as login).
 */
export async function hit(db: Db, key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const rows = await db.$queryRaw<{ hits: number; resetAt: Date }[]>`
    INSERT INTO "RateLimit" ("key", "hits", "resetAt")
    VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET
      "hits" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."hits" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "hits", "resetAt"`;
  const row = rows[0]!;
  return {
    allowed: row.hits <= limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000)),
  };
}

export async function peek(db: Db, key: string, limit: number): Promise<RateLimitResult> {
  const row = await db.rateLimit.findUnique({ where: { key } });
  if (!row || row.resetAt <= new Date()) return { allowed: true, hits: 0, retryAfterSeconds: 0 };
  return {
    allowed: row.hits < limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000)),
  };
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}

/** Counts a hit and throws 429 (with Retry-After) past the limit. */
export async function enforce(db: Db, key: string, limit: number, windowMs: number, message: string): Promise<void> {
  const result = await hit(db, key, limit, windowMs);
  if (!result.allowed) throw tooManyRequests(message, result.retryAfterSeconds);
}
