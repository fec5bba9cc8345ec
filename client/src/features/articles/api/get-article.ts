import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Article } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';

export function getArticle(id: string, signal?: AbortSignal): Promise<Article> {
  return api.get<Article>(`/api/articles/${encodeURIComponent(id)}`, { signal });
}

export const getArticleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['articles', 'detail', id],
    queryFn: ({ signal }) => getArticle(id, signal),
  });

export function useArticle(id: string) {
  return useQuery(getArticleQueryOptions(id));
}
