import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaItem } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from '../../../lib/query-keys';

export function getArticleMedia(id: string, signal?: AbortSignal): Promise<{ data: MediaItem[] }> {
  return api.get<{ data: MediaItem[] }>(`/api/articles/${encodeURIComponent(id)}/media`, { signal });
}

export const getArticleMediaQueryOptions = (id: string) =>
  queryOptions({ queryKey: dashboardKeys.articleMedia(id), queryFn: ({ signal }) => getArticleMedia(id, signal), select: (r) => r.data });

export function useArticleMedia(id: string) {
  return useQuery(getArticleMediaQueryOptions(id));
}
