import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { BreakingNews } from '#shared/types';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { getBreakingNews } from './get-breaking-news';

/** The dashboard's list asks for up to 100 items. */
const DASHBOARD_LIMIT = 100;

/** One item as stored now (from the staff list, which has no single-item call), to refill an edit form after a conflict. */
export async function getBreakingNewsItem(id: string): Promise<BreakingNews> {
  const item = (await getBreakingNews(DASHBOARD_LIMIT)).find((n) => n.id === id);
  if (!item) throw new Error('The breaking news item is gone');
  return item;
}

export const getDashboardBreakingNewsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.breakingNews, queryFn: ({ signal }) => getBreakingNews(DASHBOARD_LIMIT, { signal }) });

export function useDashboardBreakingNews() {
  return useQuery(getDashboardBreakingNewsQueryOptions());
}
