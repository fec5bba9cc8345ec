import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { Role } from '#shared/constants';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/stats: counters for the caller's role, counted by the database. */
export interface DashboardStats {
  role: Role;
  totalUsers?: number;
  totalArticles: number;
  publishedArticles: number;
  publishedToday: number;
  pendingReview: number;
  myArticles: number;
  myDrafts: number;
  myComments: number;
  totalComments: number;
  totalViews: number;
  publishedBreakingNews: number;
}

export function getStats(signal?: AbortSignal): Promise<DashboardStats> {
  return api.get<DashboardStats>(apiPaths.stats.counters, { signal });
}

export const getStatsQueryOptions = () => queryOptions({ queryKey: dashboardKeys.stats, queryFn: ({ signal }) => getStats(signal) });

export function useStats() {
  return useQuery(getStatsQueryOptions());
}
