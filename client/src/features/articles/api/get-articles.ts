import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { Article, Page } from '#shared/types';
import { api } from '#client/lib/api-client';
import { dashboardKeys, type ArticleListParams } from '#client/lib/dashboard-keys';
import * as apiPaths from '#client/config/api-paths';

/**
 * GET /api/articles: every article, drafts included (authors get their own), newest first; the review queue oldest first;
 * searched, narrowed and sorted as the table asks (docs/decisions/065-search.md).
 */
export function getArticles(params: ArticleListParams, signal?: AbortSignal): Promise<Page<Article>> {
  return api.get<Page<Article>>(apiPaths.articles.list, {
    signal,
    query: { ...params, q: params.q || undefined },
  });
}

export const getArticlesQueryOptions = (params: ArticleListParams) =>
  queryOptions({
    queryKey: dashboardKeys.articleList(params),
    queryFn: ({ signal }) => getArticles(params, signal),
    placeholderData: keepPreviousData,
  });

export function useArticles(params: ArticleListParams) {
  return useQuery(getArticlesQueryOptions(params));
}
