import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readerKeys } from '../../../lib/query-keys';

export interface ViewStats {
  articleId: string;
  totalViews: number;
}

export function getViewStats(articleId: string, signal?: AbortSignal): Promise<ViewStats> {
  return api.get<ViewStats>(`/api/view/article/${encodeURIComponent(articleId)}/stats`, { signal });
}

export const getViewStatsQueryOptions = (articleId: string) =>
  queryOptions({
    queryKey: readerKeys.viewStats(articleId),
    queryFn: async ({ signal }) => {
      try {
        return await getViewStats(articleId, signal);
      } catch (err) {
        // SPEC.md §8: logged only; the count then shows 0.
        console.warn('Error getting article view stats', err);
        return { articleId, totalViews: 0 };
      }
    },
  });

export function useViewStats(articleId: string) {
  return useQuery(getViewStatsQueryOptions(articleId));
}
