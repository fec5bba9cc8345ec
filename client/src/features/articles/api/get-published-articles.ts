import { useMemo } from 'react';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { useInfiniteQuery } from '#client/lib/query-hooks';
import type { Transport } from '#client/lib/api-client';
import { getPublishedArticles, type PublishedArticlesFilter } from './fetch-published-articles';
import { readerKeys } from '#client/lib/query-keys';
import { sortNewestFirst } from '../lib/sort';

export { getPublishedArticles, type PublishedArticlesFilter };

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
