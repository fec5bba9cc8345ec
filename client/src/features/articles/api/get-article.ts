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

/**
 * One article. A card link may pass the article along (SPEC.md §2) so the page renders at once while
 * the fresh copy loads.
 */
export function useArticle(id: string, passed?: Article | null) {
  return useQuery({ ...getArticleQueryOptions(id), placeholderData: passed && passed.id === id ? passed : undefined });
}
