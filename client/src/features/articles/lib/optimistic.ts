import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Article, ArticleListItem, Page } from '../../../../../shared/types';
import { dashboardKeys } from '../../../lib/dashboard-keys';
import { applyToPage, type ArticleAction } from './article-updates';

/** What every cached article list held before an optimistic change, to put back if the call fails. */
export type Snapshot = [QueryKey, unknown][];

export async function snapshotArticleLists(queryClient: QueryClient): Promise<Snapshot> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: dashboardKeys.articles }),
    queryClient.cancelQueries({ queryKey: dashboardKeys.published }),
  ]);
  return [
    ...queryClient.getQueriesData({ queryKey: dashboardKeys.articles }),
    ...queryClient.getQueriesData({ queryKey: dashboardKeys.published }),
  ];
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/**
 * Applies `action` to every cached dashboard list. The featured list (ordered by when each story was
 * featured) gets the newly featured story on top and loses the unfeatured ones, so the stories screen
 * orders correctly before the server answers.
 */
export function applyOptimistic(queryClient: QueryClient, article: Article, action: ArticleAction, now = new Date()): void {
  queryClient.setQueriesData<Page<Article>>({ queryKey: dashboardKeys.articles }, (page) => applyToPage(page, article.id, action, now));
  queryClient.setQueriesData<Page<ArticleListItem>>(
    { queryKey: dashboardKeys.publishedList({ featured: true, limit: FEATURED_LIMIT }) },
    (page) => (page ? { ...page, data: reorderFeatured(page.data, article, action) } : page),
  );
}

export const FEATURED_LIMIT = 100;

export function reorderFeatured(featured: readonly ArticleListItem[], article: ArticleListItem, action: ArticleAction): ArticleListItem[] {
  const drop = new Set<string>();
  if (
    (action.kind === 'featured' && !action.value) ||
    (action.kind === 'story' && !action.value) ||
    action.kind === 'delete' ||
    action.kind === 'unpublish'
  )
    drop.add(article.id);
  if (action.kind === 'featured' && action.value) {
    drop.add(article.id);
    if (action.unfeatureId) drop.add(action.unfeatureId);
  }
  const kept = featured.filter((a) => !drop.has(a.id));
  return action.kind === 'featured' && action.value ? [{ ...article, isFeatured: true }, ...kept] : kept;
}
