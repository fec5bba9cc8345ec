import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import { api, type ReadOptions, type Transport } from '#client/lib/api-client';
import { orFallback } from '#client/lib/errors';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

export interface ViewStats {
  articleId: string;
  totalViews: number;
}

export function getViewStats(articleId: string, read: ReadOptions = {}): Promise<ViewStats> {
  return api.get<ViewStats>(apiPaths.views.articleStats(articleId), read);
}

export const getViewStatsQueryOptions = (articleId: string, transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.viewStats(articleId),
    // docs/spec/SPEC.md §8: logged only; the count then shows 0.
    queryFn: ({ signal }) =>
      orFallback(getViewStats(articleId, { signal, transport }), { articleId, totalViews: 0 }, 'Error getting article view stats'),
  });

export function useViewStats(articleId: string) {
  return useQuery(getViewStatsQueryOptions(articleId));
}
