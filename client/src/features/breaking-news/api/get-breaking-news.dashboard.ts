import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BreakingNews } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from '../../../lib/query-keys';

/** GET /api/breaking-news: for staff every item, drafts included, newest first. */
export function getBreakingNews(signal?: AbortSignal): Promise<{ news: BreakingNews[] }> {
  return api.get<{ news: BreakingNews[] }>('/api/breaking-news', { signal, query: { limit: 100 } });
}

/** One item as stored now (from the staff list, which has no single-item call), to refill an edit form after a conflict. */
export async function getBreakingNewsItem(id: string): Promise<BreakingNews> {
  const item = (await getBreakingNews()).news.find((n) => n.id === id);
  if (!item) throw new Error('The breaking news item is gone');
  return item;
}

export const getBreakingNewsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.breakingNews, queryFn: ({ signal }) => getBreakingNews(signal), select: (r) => r.news });

export function useBreakingNews() {
  return useQuery(getBreakingNewsQueryOptions());
}
