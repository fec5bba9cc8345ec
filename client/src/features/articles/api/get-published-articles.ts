import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ArticleListItem, Page } from '#shared/types';
import { api, type ReadOptions, type Transport } from '#client/lib/api-client';
import { readerKeys } from '#client/lib/query-keys';
import { sortNewestFirst } from '../lib/sort';
import * as apiPaths from '#client/config/api-paths';

/** Filters of GET /api/articles/published (docs/api.md): ask only for what a screen shows; with `featured` the server orders by when each story was featured, newest first. */
export interface PublishedArticlesFilter {
  section?: string;
  /** Category id or slug. */
  category?: string;
  featured?: boolean;
  main?: boolean;
  limit?: number;
}

export function getPublishedArticles(
  filter: PublishedArticlesFilter & { offset?: number },
  read: ReadOptions = {},
): Promise<Page<ArticleListItem>> {
  return api.get<Page<ArticleListItem>>(apiPaths.articles.published, {
    ...read,
    query: {
      section: filter.section,
      category: filter.category,
      featured: filter.featured ? true : undefined,
      main: filter.main ? true : undefined,
      limit: filter.limit,
      offset: filter.offset || undefined,
    },
  });
}

/** Page after page of one filter, for the category and section pages ('Load more'). */
export const getPublishedArticlesInfiniteQueryOptions = (filter: PublishedArticlesFilter, transport?: Transport) =>
  infiniteQueryOptions({
    queryKey: readerKeys.publishedPages(filter),
    queryFn: ({ pageParam, signal }) => getPublishedArticles({ ...filter, offset: pageParam }, { signal, transport }),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.pagination.offset + last.data.length;
      return last.data.length > 0 && next < last.pagination.total ? next : undefined;
    },
  });

/** Pages of published articles, with the loaded ones flattened newest first and the server's total. */
export function usePublishedArticlesPages(filter: PublishedArticlesFilter, options: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...getPublishedArticlesInfiniteQueryOptions(filter), enabled: options.enabled ?? true });
  const list = useMemo(() => sortNewestFirst(query.data?.pages.flatMap((p) => p.data) ?? []), [query.data]);
  return { ...query, list, total: query.data?.pages[0]?.pagination.total ?? list.length };
}
