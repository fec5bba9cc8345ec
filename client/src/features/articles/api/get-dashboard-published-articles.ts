import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { getPublishedArticles } from './get-published-articles';

/** The dashboard's published lists (the featured order of the stories screen), kept apart from the reader's caches. */
export interface DashboardPublishedParams {
  featured?: boolean;
  limit: number;
}

export const getDashboardPublishedArticlesQueryOptions = (params: DashboardPublishedParams) =>
  queryOptions({ queryKey: dashboardKeys.publishedList(params), queryFn: ({ signal }) => getPublishedArticles(params, { signal }) });

export function useDashboardPublishedArticles(params: DashboardPublishedParams) {
  return useQuery(getDashboardPublishedArticlesQueryOptions(params));
}
