import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import * as apiPaths from '#client/config/api-paths';

export interface DailyViews {
  date: string;
  views: number;
}

/** GET /api/view/daily: views per day from the view logs, oldest day first. */
export function getDailyViews(days: number, signal?: AbortSignal): Promise<{ data: DailyViews[] }> {
  return api.get<{ data: DailyViews[] }>(apiPaths.views.daily, { signal, query: { days } });
}

export const getDailyViewsQueryOptions = (days: number) =>
  queryOptions({ queryKey: dashboardKeys.dailyViews(days), queryFn: ({ signal }) => getDailyViews(days, signal), select: (r) => r.data });

export function useDailyViews(days = 30) {
  return useQuery(getDailyViewsQueryOptions(days));
}
