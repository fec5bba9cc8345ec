import type { ActivityEvent, DashboardStats } from '#shared/types';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import type { AuthUser } from '../lib/policy';
import { grantFor } from '../lib/policy';
import { roleToWire } from '../lib/wire';
import { byAuthor } from '../articles/article-records';

type RawEvent = Omit<ActivityEvent, 'at'> & { at: Date };

const startOfTodayUtc = () => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return d;
};

/** Awaits every query of `queries` at once, each answer under its query's name. */
async function inParallel<T extends Record<string, unknown>>(queries: T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const answers = await Promise.all(Object.values(queries));
  return Object.fromEntries(Object.keys(queries).map((name, i) => [name, answers[i]])) as { [K in keyof T]: Awaited<T[K]> };
}

/** Every number is a count or a sum in the database, run in parallel; no rows are downloaded. */
export async function dashboardStats(db: Db, user: AuthUser): Promise<DashboardStats> {
  // The trash is no one's article any more (docs/decisions/061-trash.md): no count includes it.
  const kept = { status: { not: 'trashed' } } satisfies Prisma.ArticleWhereInput;
  // Theirs: what they wrote or co-write (docs/decisions/064-co-authors.md).
  const mine = { ...byAuthor(user.id), ...kept } satisfies Prisma.ArticleWhereInput;
  const seesUsers = grantFor(user.role, 'users:manage') === 'any';
  const { totalUsers, views, publishedBreakingNews, ...counts } = await inParallel({
    totalUsers: seesUsers ? db.user.count() : undefined,
    totalArticles: db.article.count({ where: kept }),
    publishedArticles: db.article.count({ where: { status: 'published' } }),
    publishedToday: db.article.count({ where: { status: 'published', publishedAt: { gte: startOfTodayUtc() } } }),
    // Submitted for review and not yet published or sent back (docs/decisions/058-review.md; SPEC counted drafts).
    pendingReview: db.article.count({ where: { status: 'review' } }),
    myArticles: db.article.count({ where: mine }),
    myDrafts: db.article.count({ where: { ...mine, status: 'draft' } }),
    myComments: db.comment.count({ where: { article: mine } }),
    totalComments: db.comment.count({ where: { article: kept } }),
    views: db.article.aggregate({ _sum: { totalViews: true }, where: kept }),
    publishedBreakingNews: db.breakingNews.count({ where: { status: 'published' } }),
  });
  return {
    role: roleToWire(user.role),
    ...(totalUsers === undefined ? {} : { totalUsers }),
    ...counts,
    totalViews: views._sum.totalViews ?? 0,
    publishedBreakingNews,
  };
}

/**
 * The latest events, newest first: one bounded query per kind (articles created, articles published,
 * comments, breaking news created, breaking news published), merged. Authors see other people's articles
 * (and the comments on them) only once published, as on the rest of their dashboard.
 */
export async function recentActivity(db: Db, user: AuthUser, limit: number): Promise<ActivityEvent[]> {
  const visible: Prisma.ArticleWhereInput =
    grantFor(user.role, 'articles:list-all') === 'any'
      ? { status: { not: 'trashed' } }
      : { OR: [{ status: 'published' }, { AND: [byAuthor(user.id), { status: { not: 'trashed' } }] }] };
  const articleSelect = { id: true, title: true, createdAt: true, publishedAt: true, author: { select: { name: true } } } as const;
  const newsSelect = { id: true, headline: true, createdAt: true, publishedAt: true, author: { select: { name: true } } } as const;
  const [created, published, comments, newsCreated, newsPublished] = await Promise.all([
    db.article.findMany({ where: visible, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, select: articleSelect }),
    db.article.findMany({
      where: { AND: [visible, { publishedAt: { not: null } }] },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
      take: limit,
      select: articleSelect,
    }),
    db.comment.findMany({
      // Held and removed comments are the moderators' to see (docs/decisions/066-comment-moderation.md).
      where: { article: visible, ...(grantFor(user.role, 'comments:moderate') ? {} : { status: 'visible' }) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
      select: { id: true, createdAt: true, articleId: true, author: { select: { name: true } }, article: { select: { title: true } } },
    }),
    db.breakingNews.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, select: newsSelect }),
    db.breakingNews.findMany({
      where: { publishedAt: { not: null } },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
      take: limit,
      select: newsSelect,
    }),
  ]);
  const events: RawEvent[] = [
    ...created.map((a) => ({
      type: 'article' as const,
      action: 'created' as const,
      id: a.id,
      title: a.title,
      actor: a.author.name,
      at: a.createdAt,
    })),
    ...published.map((a) => ({
      type: 'article' as const,
      action: 'published' as const,
      id: a.id,
      title: a.title,
      actor: a.author.name,
      at: a.publishedAt!,
    })),
    ...comments.map((c) => ({
      type: 'comment' as const,
      action: 'posted' as const,
      id: c.id,
      title: c.article.title,
      actor: c.author.name,
      at: c.createdAt,
      articleId: c.articleId,
    })),
    ...newsCreated.map((n) => ({
      type: 'breaking-news' as const,
      action: 'created' as const,
      id: n.id,
      title: n.headline,
      actor: n.author.name,
      at: n.createdAt,
    })),
    ...newsPublished.map((n) => ({
      type: 'breaking-news' as const,
      action: 'published' as const,
      id: n.id,
      title: n.headline,
      actor: n.author.name,
      at: n.publishedAt!,
    })),
  ];
  return events
    .sort((x, y) => y.at.getTime() - x.at.getTime())
    .slice(0, limit)
    .map((e) => ({ ...e, at: e.at.toISOString() }));
}
