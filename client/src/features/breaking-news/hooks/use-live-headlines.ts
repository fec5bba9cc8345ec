import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BreakingNews } from '../../../../../shared/types';
import * as apiPaths from '../../../config/api-paths';
import { getBreakingNewsQueryOptions } from '../api/get-breaking-news';

/** After a refused or closed stream, the next try waits this long, doubling up to the maximum. */
const RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;

/**
 * Keeps the ticker live (issue 13): the server sends the published headlines now and at every change, over
 * Server-Sent Events (docs/api.md, GET /api/breaking-news/stream), and each ticker replaces the cached one.
 * The browser reconnects a dropped stream by itself, sending the last ticker's id so an unchanged one is
 * not sent again; a stream the server refused (a replica stopping) is opened again after a pause.
 */
export function useLiveHeadlines(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const { queryKey } = getBreakingNewsQueryOptions();
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = RETRY_MS;
    const open = () => {
      source = new EventSource(apiPaths.breakingNews.stream);
      source.addEventListener('headlines', (event) => {
        wait = RETRY_MS;
        try {
          const { news } = JSON.parse((event as MessageEvent<string>).data) as { news: BreakingNews[] };
          queryClient.setQueryData(queryKey, news);
        } catch {
          // A malformed event changes nothing; the next one replaces the ticker anyway.
        }
      });
      source.addEventListener('error', () => {
        // CONNECTING: the browser is already retrying. CLOSED: it gave up (an error status); try again later.
        if (source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(open, wait);
        wait = Math.min(wait * 2, MAX_RETRY_MS);
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);
}
