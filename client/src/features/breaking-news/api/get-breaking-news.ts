import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BreakingNews } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { dashboardKeys, readerKeys } from '../../../lib/query-keys';
import { TICKER_MAX_ITEMS, selectHeadlines } from '../lib/headlines';

/** GET /api/breaking-news, newest first: for readers the published items, for staff every item, drafts included. */
export async function getBreakingNews(limit: number, signal?: AbortSignal): Promise<BreakingNews[]> {
  // docs/api.md answers `{ news }`; SPEC.md §7 also allows a bare array.
  const body = await api.get<{ news: BreakingNews[] } | BreakingNews[]>('/api/breaking-news', { signal, query: { limit } });
  return Array.isArray(body) ? body : (body.news ?? []);
}

export const getBreakingNewsQueryOptions = (limit = TICKER_MAX_ITEMS) =>
  queryOptions({
    queryKey: readerKeys.headlines(limit),
    queryFn: async ({ signal }) => {
      try {
        return await getBreakingNews(limit, signal);
      } catch (err) {
        // SPEC.md §8: the ticker shows nothing when the call fails.
        console.warn('Error fetching published breaking news', err);
        return [];
      }
    },
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

/** The ticker's headlines: at most 5 published, newest first; `isPending` until the first answer. */
export function useHeadlines(): { headlines: BreakingNews[]; isPending: boolean } {
  const { data, isPending } = useQuery(getBreakingNewsQueryOptions());
  return { headlines: selectHeadlines(data ?? []), isPending };
}

/** The dashboard's list asks for up to 100 items. */
const DASHBOARD_LIMIT = 100;

/** One item as stored now (from the staff list, which has no single-item call), to refill an edit form after a conflict. */
export async function getBreakingNewsItem(id: string): Promise<BreakingNews> {
  const item = (await getBreakingNews(DASHBOARD_LIMIT)).find((n) => n.id === id);
  if (!item) throw new Error('The breaking news item is gone');
  return item;
}

export const getDashboardBreakingNewsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.breakingNews, queryFn: ({ signal }) => getBreakingNews(DASHBOARD_LIMIT, signal) });

export function useDashboardBreakingNews() {
  return useQuery(getDashboardBreakingNewsQueryOptions());
}
