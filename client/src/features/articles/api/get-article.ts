import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Article } from '../../../../../shared/types';
import { api } from '../../../lib/api-client';
import { readerKeys } from '../../../lib/query-keys';

/** GET /api/articles/:id: the reader's article page, and the dashboard's refill of an edit form after a conflict. */
export function getArticle(id: string, signal?: AbortSignal): Promise<Article> {
  return api.get<Article>(`/api/articles/${encodeURIComponent(id)}`, { signal });
}

export const getArticleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: readerKeys.article(id),
    queryFn: ({ signal }) => getArticle(id, signal),
  });

export function useArticle(id: string) {
  return useQuery(getArticleQueryOptions(id));
}
