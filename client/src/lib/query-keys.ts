import type { QueryClient } from '@tanstack/react-query';
import type { ArticleStatus } from '../../../shared/constants';

export interface ArticleListParams {
  status?: ArticleStatus;
  limit: number;
  offset: number;
}

/**
 * Query keys of the dashboard. Its own data lives under 'dashboard' so that the reader side's caches
 * (which may ask the same endpoints anonymously) never mix with a staff view that includes drafts.
 */
export const dashboardKeys = {
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
  activity: (limit: number) => ['dashboard', 'activity', limit] as const,
  dailyViews: (days: number) => ['dashboard', 'daily-views', days] as const,
  comments: (page: number, limit: number) => ['dashboard', 'comments', page, limit] as const,
};

/**
 * SPEC.md §4 refetch rules: after an update, publish, unpublish, status change or featuring, both the
 * full list and the published list; after a create or delete, the full list. The reader's public
 * article caches and the dashboard counters are refreshed too.
 */
export function refetchArticleLists(queryClient: QueryClient, scope: 'full' | 'full-and-published'): Promise<unknown> {
  const jobs: Promise<unknown>[] = [
    queryClient.invalidateQueries({ queryKey: dashboardKeys.articles }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.stats }),
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'activity'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'comments'] }),
    queryClient.invalidateQueries({ queryKey: ['articles'] }),
  ];
  if (scope === 'full-and-published') jobs.push(queryClient.invalidateQueries({ queryKey: dashboardKeys.published }));
  return Promise.all(jobs);
}
