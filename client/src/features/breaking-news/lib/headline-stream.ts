import type { BreakingNews } from '#shared/types';
import * as apiPaths from '#client/config/api-paths';
import { whenIdle } from '#client/lib/when-idle';

/** After a refused or failing stream, the next try waits this long, doubling up to the maximum. */
const RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;
/** Errors in a row, with no stream opened between them, after which a stream that keeps reconnecting counts as failing. */
const FAILURES = 3;
/** Without a stream, the ticker is fetched this often (GET /api/breaking-news: a response-cached read). */
const POLL_MS = 60_000;

export interface HeadlineStreamHandlers {
  /** A ticker the server sent: the published headlines, replacing the shown ones. */
  onHeadlines(news: BreakingNews[]): void;
  /** Fetch the ticker afresh (while there is no stream). */
  refetch(): void;
}

/**
 * Keeps the ticker live (issue 13): the server sends the published headlines now and at every change, over
 * Server-Sent Events (docs/api.md, GET /api/breaking-news/stream). The browser reconnects a dropped stream by itself
 * (the server ends each after 15 to 20 minutes), sending the last ticker's id so an unchanged one is not sent again.
 * A stream the server refused (too many from this network, a full or stopping replica: docs/decisions/040) or one
 * that keeps failing is closed: the ticker is fetched every minute instead, and the stream opened again after a pause
 * that doubles at each failure. The first stream opens when the browser is idle after the page has loaded
 * (lib/when-idle.ts). Used by the hydrated ticker (hooks/use-live-headlines.ts) and by its island (islands/ticker.ts).
 * Returns what closes it.
 */
export function openHeadlineStream({ onHeadlines, refetch }: HeadlineStreamHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  let wait = RETRY_MS;
  let failures = 0;
  const open = () => {
    source = new EventSource(apiPaths.breakingNews.stream);
    source.addEventListener('open', () => {
      failures = 0;
      wait = RETRY_MS;
      clearInterval(poll);
      poll = undefined;
    });
    source.addEventListener('headlines', (event) => {
      try {
        const { news } = JSON.parse((event as MessageEvent<string>).data) as { news: BreakingNews[] };
        onHeadlines(news);
      } catch {
        // A malformed event changes nothing; the next one replaces the ticker anyway.
      }
    });
    source.addEventListener('error', () => {
      failures++;
      // CONNECTING: the browser is retrying by itself (a stream that ended, a lost connection). CLOSED: it
      // gave up (an error status).
      if (source?.readyState !== EventSource.CLOSED && failures < FAILURES) return;
      source?.close();
      if (!poll) {
        // Whatever the stream would have brought meanwhile, then every minute.
        refetch();
        poll = setInterval(refetch, POLL_MS);
      }
      // A little apart, so that the tabs of one reader refused together do not all come back together.
      retry = setTimeout(open, wait + Math.random() * (wait / 5));
      wait = Math.min(wait * 2, MAX_RETRY_MS);
    });
  };
  // The page has the headlines it was rendered with: the stream opens once the page has settled.
  const cancelOpen = whenIdle(open);
  return () => {
    cancelOpen();
    clearTimeout(retry);
    clearInterval(poll);
    source?.close();
  };
}
