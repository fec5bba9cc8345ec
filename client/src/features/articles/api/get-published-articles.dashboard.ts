import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleListItem, Page } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from '../../../lib/query-keys';

export interface PublishedParams {
  featured?: boolean;
  limit: number;
}

/** GET /api/articles/published; with `featured` the server orders by when each story was featured, newest first. */
export function getPublishedArticles(params: PublishedParams, signal?: AbortSignal): Promise<Page<ArticleListItem>> {
  return api.get<Page<ArticleListItem>>('/api/articles/published', {
    signal,
    query: { featured: params.featured || undefined, limit: params.limit },
  });
}

export const getPublishedArticlesQueryOptions = (params: PublishedParams) =>
  queryOptions({ queryKey: dashboardKeys.publishedList(params), queryFn: ({ signal }) => getPublishedArticles(params, signal) });

export function usePublishedArticles(params: PublishedParams) {
  return useQuery(getPublishedArticlesQueryOptions(params));
}
