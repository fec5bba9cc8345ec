import type { ArticleStatus } from '../../../shared/constants';

export interface ArticleListParams {
  status?: ArticleStatus;
  limit: number;
  offset: number;
}

/**
 * Query keys of the reader's pages, one table for every feature, so that a change made in one feature
 * invalidates every screen that shows the data.
 */
export const readerKeys = {
  articles: ['articles'] as const,
  article: (id: string) => ['articles', 'detail', id] as const,
  publishedList: <F>(filter: F) => ['articles', 'published', filter] as const,
  publishedPages: <F>(filter: F) => ['articles', 'published', 'pages', filter] as const,
  categories: ['categories'] as const,
  category: (idOrSlug: string) => ['categories', 'one', idOrSlug] as const,
  breakingNews: ['breaking-news'] as const,
  headlines: (limit: number) => ['breaking-news', 'public', limit] as const,
  articleComments: (articleId: string) => ['comments', 'article', articleId] as const,
  viewStats: (articleId: string) => ['views', 'stats', articleId] as const,
};

/**
 * Query keys of the dashboard. Its own data lives under 'dashboard' so that the reader side's caches
 * (which may ask the same endpoints anonymously) never mix with a staff view that includes drafts.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  me: ['dashboard', 'me'] as const,
  articles: ['dashboard', 'articles'] as const,
  articleList: (params: ArticleListParams) => ['dashboard', 'articles', params] as const,
  articleMedia: (id: string) => ['dashboard', 'article-media', id] as const,
  published: ['dashboard', 'published'] as const,
  publishedList: (params: { featured?: boolean; limit: number }) => ['dashboard', 'published', params] as const,
  categories: ['dashboard', 'categories'] as const,
  breakingNews: ['dashboard', 'breaking-news'] as const,
  users: ['dashboard', 'users'] as const,
  stats: ['dashboard', 'stats'] as const,
  activities: ['dashboard', 'activity'] as const,
  activity: (limit: number) => ['dashboard', 'activity', limit] as const,
  dailyViews: (days: number) => ['dashboard', 'daily-views', days] as const,
  allComments: ['dashboard', 'comments'] as const,
  comments: (page: number, limit: number) => ['dashboard', 'comments', page, limit] as const,
};
