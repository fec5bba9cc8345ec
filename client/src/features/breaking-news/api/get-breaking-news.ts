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

const NONE: readonly BreakingNews[] = [];
/**
 * The headlines selected from each answer, once: the same answer gives the same array. On the server the answer is
 * the one kept for every page (the response cache's `remember`), so the ticker's kept part is found by identity
 * (app/reader/kept-part.tsx) instead of by its headlines written out.
 */
const selected = new WeakMap<readonly BreakingNews[], BreakingNews[]>();

/** The ticker's headlines: at most 5 published, newest first; `isPending` until the first answer. */
export function useHeadlines(): { headlines: BreakingNews[]; isPending: boolean } {
  const { data = NONE, isPending } = useQuery(getBreakingNewsQueryOptions());
  let headlines = selected.get(data);
  if (!headlines) selected.set(data, (headlines = selectHeadlines(data)));
  return { headlines, isPending };
}

export { getBreakingNews };
