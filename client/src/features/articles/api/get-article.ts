import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { Article } from '#shared/types';
import { api, type ReadOptions, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/articles/:id: the reader's article page, and the dashboard's refill of an edit form after a conflict. */
export function getArticle(id: string, read: ReadOptions = {}): Promise<Article> {
  return api.get<Article>(apiPaths.articles.one(id), read);
}

export const getArticleQueryOptions = (id: string, transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.article(id),
    queryFn: ({ signal }) => getArticle(id, { signal, transport }),
  });

export function useArticle(id: string) {
  return useQuery(getArticleQueryOptions(id));
}
