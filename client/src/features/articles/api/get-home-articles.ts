import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import { LIMITS } from '#shared/constants';
import type { HomeArticles } from '#shared/types';
import { api, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import * as apiPaths from '#client/config/api-paths';

/** GET /api/articles/home: the home page's blocks, each article in one only, and page `page` of the Latest river. */
export const getHomeArticlesQueryOptions = (page: number, transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.home(page),
    queryFn: ({ signal }) =>
      api.get<HomeArticles>(apiPaths.articles.home, {
        signal,
        transport,
        query: { offset: (page - 1) * LIMITS.latestPage || undefined },
      }),
  });

export const useHomeArticles = (page: number) => useQuery(getHomeArticlesQueryOptions(page));
