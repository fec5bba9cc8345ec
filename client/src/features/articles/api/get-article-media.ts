import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { MediaItem } from '#shared/types';
import { api } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import * as apiPaths from '#client/config/api-paths';

export function getArticleMedia(id: string, signal?: AbortSignal): Promise<{ data: MediaItem[] }> {
  return api.get<{ data: MediaItem[] }>(apiPaths.articles.media(id), { signal });
}

export const getArticleMediaQueryOptions = (id: string) =>
  queryOptions({ queryKey: dashboardKeys.articleMedia(id), queryFn: ({ signal }) => getArticleMedia(id, signal), select: (r) => r.data });

export function useArticleMedia(id: string) {
  return useQuery(getArticleMediaQueryOptions(id));
}
