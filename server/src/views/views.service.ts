import { createHmac, timingSafeEqual } from 'node:crypto';
import { VIEW_LIMITS } from '../../../shared/schemas/views';
import type { ViewLog } from '../../../shared/types';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { hit } from '../lib/rate-limit';
import { uuidv7 } from './uuid7';

export interface ViewInput {
  viewedAt?: string;
  percentViewed: number;
  fullyViewed: boolean;
  middleViewed: boolean;
  topViewed: boolean;
  bottomViewed: boolean;
}

/**
 * The first view of an article by one client (IP, and user when signed in) in a 30-minute window counts;
 * the others are answered but change nothing (CONTRACT.md §4: one client cannot inflate a count). One
 * atomic upsert in the shared RateLimit table, so concurrent repeats count once, on every app server.
 */
export async function isFirstViewInWindow(db: Db, articleId: string, ip: string, userId: string | null): Promise<boolean> {
  const key = `view:${articleId}:${userId ?? 'anonymous'}@${ip}`;
  return (await hit(db, key, 1, VIEW_LIMITS.dedupWindowMinutes * 60_000)).allowed;
}

/** The reader's clock is believed within the last 24 hours (it may report a moment ago); anything else is now. */
export function clampViewedAt(viewedAt: string | undefined, now = Date.now()): Date {
  const at = viewedAt === undefined ? Number.NaN : Date.parse(viewedAt);
  return Number.isFinite(at) && at <= now && at >= now - VIEW_LIMITS.pastWindowMs ? new Date(at) : new Date(now);
}

/**
 * Proof that a duration update comes from the client that logged the view: an HMAC of the view id
 * with the app's secret, handed out with the view. Nothing to store, nothing to migrate.
 */
export function viewToken(secret: string, viewId: string): string {
  return createHmac('sha256', secret).update(`view-duration:${viewId}`).digest('base64url');
}

export function isViewToken(secret: string, viewId: string, token: string | undefined): boolean {
  if (token === undefined) return false;
  const expected = Buffer.from(viewToken(secret, viewId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Adds 1 to a published article's counter and stores the view log, atomically: one statement, so the
 * counter and the logs cannot drift apart and concurrent views never lose an increment (the row lock of
 * the UPDATE serialises them). Null when the article does not exist or is not published. The raw UPDATE
 * also leaves `updatedAt` alone: a view is not an edit and must not reorder the article lists.
 */
export async function recordView(
  db: Db,
  articleId: string,
  userId: string | null,
  view: ViewInput,
): Promise<{ id: string; totalViews: number } | null> {
  const rows = await db.$queryRaw<{ id: string; totalViews: number }[]>`
    WITH bumped AS (
      UPDATE "Article" SET "totalViews" = "totalViews" + 1
      WHERE id = ${articleId}::uuid AND status = 'published'
      RETURNING id, "totalViews"
    ), logged AS (
      INSERT INTO "ViewLog" (id, "articleId", "userId", "viewedAt", "percentViewed", "fullyViewed", "middleViewed", "topViewed", "bottomViewed")
      SELECT ${uuidv7()}::uuid, bumped.id, ${userId}::uuid, ${clampViewedAt(view.viewedAt)}::timestamptz,
        ${view.percentViewed}::float8, ${view.fullyViewed}::boolean, ${view.middleViewed}::boolean, ${view.topViewed}::boolean, ${view.bottomViewed}::boolean
      FROM bumped
      RETURNING id
    )
    SELECT logged.id::text AS id, bumped."totalViews" FROM bumped CROSS JOIN logged`;
  return rows[0] ?? null;
}

export const viewLogSelect = {
  id: true,
  articleId: true,
  viewedAt: true,
  percentViewed: true,
  fullyViewed: true,
  topViewed: true,
  middleViewed: true,
  bottomViewed: true,
  durationSeconds: true,
} satisfies Prisma.ViewLogSelect;

export function toViewLog(row: Prisma.ViewLogGetPayload<{ select: typeof viewLogSelect }>): ViewLog {
  return { ...row, viewedAt: row.viewedAt.toISOString() };
}

/**
 * Views per UTC day for the last `days` days, today included, zero-filled by the database: the logs of the
 * period are counted per day in one pass over the viewedAt index, then laid over the calendar of generate_series.
 */
export async function dailyViews(db: Db, days: number): Promise<{ date: string; views: number }[]> {
  return db.$queryRaw<{ date: string; views: number }[]>`
    WITH bounds AS (
      SELECT (now() AT TIME ZONE 'UTC')::date - (${days}::int - 1) AS first, (now() AT TIME ZONE 'UTC')::date AS last
    ), counts AS (
      SELECT (v."viewedAt" AT TIME ZONE 'UTC')::date AS d, count(*)::int AS views
      FROM "ViewLog" v, bounds
      WHERE v."viewedAt" >= bounds.first::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1
    )
    SELECT to_char(g.day, 'YYYY-MM-DD') AS date, COALESCE(counts.views, 0) AS views
    FROM bounds, generate_series(bounds.first, bounds.last, interval '1 day') AS g(day)
    LEFT JOIN counts ON counts.d = g.day::date
    ORDER BY g.day`;
}
