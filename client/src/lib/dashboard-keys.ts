import type { ArticleStatus } from '#shared/constants';

export interface ArticleListParams {
  status?: ArticleStatus;
  /** Only the drafts an editor sent back with a note. */
  sentBack?: boolean;
  /** The search box and the filters (docs/decisions/065-search.md). */
  q?: string;
  categoryId?: string;
  authorId?: string;
  from?: string;
  to?: string;
  /** A column, `-` first for the other way: 'title', '-date'… */
  sort?: string;
  limit: number;
  offset: number;
}

/**
 * Query keys of the dashboard (kept out of lib/query-keys.ts so that readers never download them). Its own data lives under 'dashboard' so that the reader side's caches
 * (which may ask the same endpoints anonymously) never mix with a staff view that includes drafts.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  me: ['dashboard', 'me'] as const,
  profile: ['dashboard', 'profile'] as const,
  staff: ['dashboard', 'staff'] as const,
  settings: ['dashboard', 'settings'] as const,
  pages: ['dashboard', 'pages'] as const,
  page: (id: string) => ['dashboard', 'pages', id] as const,
  articles: ['dashboard', 'articles'] as const,
  articleList: (params: ArticleListParams) => ['dashboard', 'articles', params] as const,
  /** Under `articles`, so whatever reads the articles again reads their histories again too. */
  revisions: (id: string) => ['dashboard', 'articles', 'revisions', id] as const,
  revision: (id: string, revisionId: string) => ['dashboard', 'articles', 'revisions', id, revisionId] as const,
  articleMedia: (id: string) => ['dashboard', 'article-media', id] as const,
  published: ['dashboard', 'published'] as const,
  publishedList: (params: { featured?: boolean; limit: number }) => ['dashboard', 'published', params] as const,
  categories: ['dashboard', 'categories'] as const,
  /** The moderation queue, its counts and the bans (docs/decisions/066-comment-moderation.md). */
  moderation: ['dashboard', 'moderation'] as const,
  moderationQueue: (queue: string, page: number) => ['dashboard', 'moderation', 'queue', queue, page] as const,
  moderationCounts: ['dashboard', 'moderation', 'counts'] as const,
  /** The audit log (docs/decisions/067-audit-log.md): every staff action reads it again (`invalidateQueries` of 'dashboard'). */
  audit: ['dashboard', 'audit'] as const,
  auditPage: (filters: Record<string, string | number>) => ['dashboard', 'audit', filters] as const,
  auditActors: ['dashboard', 'audit', 'actors'] as const,
  /** Newsletters (docs/decisions/069-newsletters.md): the overview, and a page of subscribers. */
  newsletters: ['dashboard', 'newsletters'] as const,
  editionArticles: ['dashboard', 'newsletters', 'edition-articles'] as const,
  subscribers: (query: Record<string, string | number>) => ['dashboard', 'newsletters', 'subscribers', query] as const,
  /** Reports (docs/decisions/068-reports.md): the site's days, the articles' table, one article's report. */
  reports: (kind: string, query: Record<string, string | number>) => ['dashboard', 'reports', kind, query] as const,
  breakingNews: ['dashboard', 'breaking-news'] as const,
  users: ['dashboard', 'users'] as const,
  stats: ['dashboard', 'stats'] as const,
  activities: ['dashboard', 'activity'] as const,
  activity: (limit: number) => ['dashboard', 'activity', limit] as const,
  allComments: ['dashboard', 'comments'] as const,
  comments: (page: number, limit: number) => ['dashboard', 'comments', page, limit] as const,
};
