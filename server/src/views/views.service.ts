import { createHmac, timingSafeEqual } from 'node:crypto';
import { VIEW_LIMITS } from '#shared/schemas/views';
import type { ViewLog } from '#shared/types';
import { articleListSelect, publishedOnly, toPublicListItems } from '../articles/article.mapper';
import { ownersSelect } from '../articles/article-records';
import type { Db } from '../db/client';
import { conflict, notFound } from '../lib/errors';
import type { AuthUser } from '../lib/policy';
import type { Prisma } from '../generated/prisma/client';
import { uuidv7 } from './uuid7';
import type { PendingView } from './view-recorder';

export interface ViewInput {
  viewedAt?: string;
  percentViewed: number;
  fullyViewed: boolean;
  middleViewed: boolean;
  topViewed: boolean;
  bottomViewed: boolean;
}

/**
 * A view as the recorder queues it. The first view of an article by one client (its network, and its user
 * when signed in with a proven address) in a 30-minute window counts; the others are answered but change
 * nothing (docs/spec/CONTRACT.md §4: one client cannot inflate a count). The window lives in the shared RateLimit table
 * under `dedupKey`, so concurrent repeats count once, on every app server. `articleId` is the id as the route
 * or the view lane parsed it (`idParam`: lower case), so another spelling cannot open a window of its own.
 * The key holds a keyed hash of the viewer and network, never the address itself (docs/privacy.md).
 * A one-step sign-up costs no proof, so an unproven account is no viewer of its own: it shares its network's
 * anonymous window (docs/decisions/043); its id is still kept on the log.
 */
export function pendingView(
  articleId: string,
  client: string,
  user: Pick<AuthUser, 'id' | 'emailVerified'> | null,
  view: ViewInput,
  secret: string,
): PendingView {
  const { percentViewed, fullyViewed, middleViewed, topViewed, bottomViewed } = view;
  const viewer = user?.emailVerified ? user.id : 'anonymous';
  return {
    id: uuidv7(),
    articleId,
    userId: user?.id ?? null,
    dedupKey: `view:${articleId}:${keyedHash(secret, `${viewer}@${client}`)}`,
    viewedAt: clampViewedAt(view.viewedAt),
    percentViewed,
    fullyViewed,
    middleViewed,
    topViewed,
    bottomViewed,
  };
}

/** A value that must not be stored as it is (a network's address), as a key: an HMAC with the app's secret, 128 bits. */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(`key:${value}`).digest('base64url').slice(0, 22);
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

/** The most viewed published articles (without their content), most views first. */
export async function topArticles(db: Db, limit: number) {
  const rows = await db.article.findMany({
    where: publishedOnly,
    orderBy: [{ totalViews: 'desc' }, { publishedAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: articleListSelect,
  });
  return toPublicListItems(db, rows);
}

/** A page of an article's view logs, newest first, with the article's status and author (null: no article). */
export async function listArticleViews(db: Db, articleId: string, page: { limit: number; offset: number }) {
  const [article, rows, total] = await Promise.all([
    db.article.findUnique({ where: { id: articleId }, select: ownersSelect }),
    db.viewLog.findMany({
      where: { articleId },
      orderBy: [{ viewedAt: 'desc' }, { id: 'desc' }],
      skip: page.offset,
      take: page.limit,
      select: viewLogSelect,
    }),
    db.viewLog.count({ where: { articleId } }),
  ]);
  return { article, views: rows.map(toViewLog), total };
}

/** A published article's view count; null when there is no such published article. */
export async function publishedViewCount(db: Db, articleId: string): Promise<{ articleId: string; totalViews: number } | null> {
  const article = await db.article.findFirst({ where: { id: articleId, ...publishedOnly }, select: { id: true, totalViews: true } });
  return article && { articleId: article.id, totalViews: article.totalViews };
}

/** Records how long view `id` lasted: 404 without the view, 409 when it is older than the window. */
export async function recordViewDuration(db: Db, id: string, duration: number): Promise<void> {
  const since = new Date(Date.now() - VIEW_LIMITS.durationWindowHours * 3_600_000);
  const { count } = await db.viewLog.updateMany({
    where: { id, createdAt: { gt: since } },
    data: { durationSeconds: duration },
  });
  if (count === 0) {
    const exists = await db.viewLog.findUnique({ where: { id }, select: { id: true } });
    if (!exists) throw notFound('View not found');
    throw conflict(`The view is more than ${VIEW_LIMITS.durationWindowHours} hours old; its duration can no longer be changed`);
  }
}
