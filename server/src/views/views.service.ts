import type { ViewLog } from '../../../shared/types';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
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
      SELECT ${uuidv7()}::uuid, bumped.id, ${userId}::uuid, COALESCE(${view.viewedAt ?? null}::timestamptz, now()),
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

/** Views per UTC day for the last `days` days, today included, zero-filled by the database. */
export async function dailyViews(db: Db, days: number): Promise<{ date: string; views: number }[]> {
  return db.$queryRaw<{ date: string; views: number }[]>`
    WITH day AS (
      SELECT generate_series(current_date_utc - (${days}::int - 1), current_date_utc, interval '1 day')::date AS d
      FROM (SELECT (now() AT TIME ZONE 'UTC')::date AS current_date_utc) today
    )
    SELECT to_char(day.d, 'YYYY-MM-DD') AS date, count(v.id)::int AS views
    FROM day
    LEFT JOIN "ViewLog" v ON v."viewedAt" >= day.d::timestamp AT TIME ZONE 'UTC' AND v."viewedAt" < (day.d + 1)::timestamp AT TIME ZONE 'UTC'
    GROUP BY day.d
    ORDER BY day.d`;
}
