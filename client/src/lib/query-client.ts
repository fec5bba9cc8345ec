import { QueryClient, type DehydratedState } from '@tanstack/react-query';
import { ApiError, isMissing } from './api-client';

export function createQueryClient({ server = false }: { server?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A query that failed on the server (a 404 the page shows) is not asked again as the page hydrates.
        retryOnMount: false,
        // A 4xx will not get better by asking again; on the server, the page answers now or says it cannot.
        retry: (count, error) => !server && !isMissing(error) && count < 2,
      },
    },
  });
}

export { STATE_ELEMENT_ID, type PageState } from './page-state';

interface WireError {
  status: number;
  error: string;
  message: string;
  details: string[];
}

const toWire = (err: unknown): WireError | null =>
  err instanceof ApiError
    ? { status: err.status, error: err.error, message: err.message, details: err.details }
    : err
      ? { status: 500, error: 'Error', message: err instanceof Error ? err.message : 'Error', details: [] }
      : null;

const fromWire = (err: unknown): ApiError | null => {
  if (!err || typeof err !== 'object') return null;
  const e = err as Partial<WireError>;
  return new ApiError(e.status ?? 500, e.error ?? 'Error', e.message ?? 'Error', e.details ?? []);
};

/**
 * The query cache as JSON, failed queries included: a page that shows 'Article Not Found' on the server
 * must show it on hydration too. Errors travel as their envelope and become ApiErrors again in the browser.
 */
export function serializeQueries(queries: DehydratedState): DehydratedState {
  return {
    ...queries,
    queries: queries.queries.map((q) => ({
      ...q,
      state: { ...q.state, error: toWire(q.state.error) as never, fetchFailureReason: toWire(q.state.fetchFailureReason) as never },
    })),
  };
}

/**
 * The page's data counts as read when the page arrived: the page may come from the server's response cache
 * (or a CDN) minutes after it was rendered, but it was current when sent, since every write purges what it
 * changes (docs/decisions/026). Dated by its render instead, it would look stale and be read again at once.
 */
export function deserializeQueries(queries: DehydratedState, receivedAt = Date.now()): DehydratedState {
  return {
    ...queries,
    queries: queries.queries.map((q) => ({
      ...q,
      state: {
        ...q.state,
        dataUpdatedAt: q.state.dataUpdatedAt ? receivedAt : 0,
        errorUpdatedAt: q.state.errorUpdatedAt ? receivedAt : 0,
        error: fromWire(q.state.error) as never,
        fetchFailureReason: fromWire(q.state.fetchFailureReason) as never,
      },
    })),
  };
}
