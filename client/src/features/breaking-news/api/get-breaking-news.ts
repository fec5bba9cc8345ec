import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '#client/lib/query-hooks';
import type { BreakingNews } from '#shared/types';
import type { Transport } from '#client/lib/api-client';
import { getBreakingNews } from './fetch-breaking-news';
import { orFallback } from '#client/lib/errors';
import { readerKeys } from '#client/lib/query-keys';
import { TICKER_MAX_ITEMS, selectHeadlines } from '../lib/headlines';

/** The ticker's query: the newest published items, as many as it shows. */
export const getBreakingNewsQueryOptions = (transport?: Transport) =>
  queryOptions({
    queryKey: readerKeys.headlines(TICKER_MAX_ITEMS),
    // docs/spec/SPEC.md §8: the ticker shows nothing when the call fails.
    queryFn: ({ signal }) =>
      orFallback(getBreakingNews(TICKER_MAX_ITEMS, { signal, transport }), [], 'Error fetching published breaking news'),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

/** The ticker's headlines: at most 5 published, newest first; `isPending` until the first answer. */
export function useHeadlines(): { headlines: BreakingNews[]; isPending: boolean } {
  const { data, isPending } = useQuery(getBreakingNewsQueryOptions());
  return { headlines: selectHeadlines(data ?? []), isPending };
}

export { getBreakingNews };
