import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import * as apiPaths from '#client/config/api-paths';

export interface ActivityItem {
  type: 'article' | 'comment' | 'breaking-news';
  action: 'created' | 'published' | 'posted';
  id: string;
  title: string;
  actor: string;
  at: string;
}

/** GET /api/stats/activity: the latest real events (articles, comments, breaking news), newest first. */
export function getActivity(limit: number, signal?: AbortSignal): Promise<{ data: ActivityItem[] }> {
  return api.get<{ data: ActivityItem[] }>(apiPaths.stats.activity, { signal, query: { limit } });
}

export const getActivityQueryOptions = (limit: number) =>
  queryOptions({ queryKey: dashboardKeys.activity(limit), queryFn: ({ signal }) => getActivity(limit, signal), select: (r) => r.data });

export function useActivity(limit = 10) {
  return useQuery(getActivityQueryOptions(limit));
}
