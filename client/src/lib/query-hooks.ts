import {
  hashKey,
  shouldThrowError,
  skipToken,
  InfiniteQueryObserver,
  QueryObserver,
  useInfiniteQuery as observedInfiniteQuery,
  useMutation as observedMutation,
  useQuery as observedQuery,
  useQueryClient,
  type InfiniteQueryObserverOptions,
  type Query,
  type QueryClient,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';

/**
 * React Query's hooks, as every client module uses them (ESLint keeps the package's own for this file): in the browser
 * they are the package's; in the server's render, lighter ones that return the very result the package's would.
 *
 * A server render runs once and subscribes to nothing, yet each `useQuery` builds a `QueryObserver` (and the options
 * it merges and hashes), each `useMutation` a `MutationObserver`: about a dozen a page, some 7 % of a cold page's CPU
 * (docs/decisions/073-server-query-hooks.md). Here a query the page's loads left in the cache, fresh, is read as it
 * is; a query not enabled and not loaded (a signed-in reader's own) is pending, and is not added to the cache (which
 * was handed to the page before the render); anything else (not loaded, stale, `select`, `placeholderData`) goes
 * through the package's own observer, without React's hooks, which a render that never commits does not need. A
 * mutation on the server is idle by definition: one shared idle result. The comments' root is hydrated in the
 * browser, so the two must agree field for field: `query-hooks.test.tsx` compares them for every state a page meets.
 */

type AnyOptions = QueryObserverOptions<unknown, Error, unknown, unknown, QueryKey, never>;
type AnyQuery = Query<unknown, Error, unknown, QueryKey>;

/** What a server-side result offers to do: nothing, the browser's hooks do it. */
function browserOnly(): never {
  throw new Error('A query or mutation is run by the browser; the server only renders its state.');
}

/**
 * The observer's first result, computed by the package: `useBaseQuery`'s work without React's hooks (no effect, no
 * subscription), errors thrown to the boundary as it throws them. Suspense is not the reader's: refused.
 */
function observed(client: QueryClient, options: AnyOptions, infinite: boolean) {
  const defaulted = client.defaultQueryOptions(options);
  if (defaulted.suspense) throw new Error('Suspense queries are not rendered by the server (client/src/lib/query-hooks.ts).');
  const query = client.getQueryCache().get(defaulted.queryHash);
  defaulted._optimisticResults = (options as { subscribed?: boolean }).subscribed !== false ? 'optimistic' : undefined;
  // As `ensurePreventErrorBoundaryRetry`: a query whose error goes to the boundary is not retried on mount.
  if (defaulted.throwOnError) defaulted.retryOnMount = false;
  const observer = infinite
    ? new InfiniteQueryObserver(client, defaulted as unknown as InfiniteQueryObserverOptions)
    : new QueryObserver(client, defaulted);
  const result = observer.getOptimisticResult(defaulted as never);
  if (result.isError && !result.isFetching && query && shouldThrowError(defaulted.throwOnError, [result.error, query])) throw result.error;
  return result;
}

/**
 * The query the page's loads left, when it can be read as it is: already fetched (data, or an error not to be asked
 * again on mount), not being fetched, not stale, and with no option that reshapes the result; or none, for a query
 * not enabled and not in the cache (a signed-in reader's own, on a page rendered for everyone). Otherwise undefined.
 */
function plainQuery(client: QueryClient, options: AnyOptions): { query: AnyQuery | null; stale: boolean } | undefined {
  // The options as `defaultQueryOptions` merges them (by spreading: a key given as undefined counts), without the merge.
  const base: Partial<AnyOptions> = client.getDefaultOptions().queries ?? {};
  const own: Partial<AnyOptions> = client.getQueryDefaults(options.queryKey);
  const option = <K extends keyof AnyOptions>(key: K) => (key in options ? options[key] : key in own ? own[key] : base[key]);
  if (
    option('placeholderData') !== undefined ||
    option('throwOnError') ||
    option('suspense') ||
    option('queryHash') ||
    option('queryKeyHashFn') ||
    (options as { subscribed?: boolean }).subscribed === false ||
    option('queryFn') === skipToken
  )
    return;
  const query = client.getQueryCache().get(hashKey(options.queryKey)) as AnyQuery | undefined;
  const enabled = option('enabled');
  // The observer would add it to the cache as a new query, without data (`select` has nothing to select), and leave it.
  if (enabled === false && !query && option('initialData') === undefined) return { query: null, stale: false };
  const staleTime = option('staleTime') ?? 0;
  const retryOnMount = option('retryOnMount');
  const refetchOnMount = option('refetchOnMount');
  if (
    !query ||
    option('select') ||
    option('initialData') !== undefined ||
    (enabled !== undefined && enabled !== true) ||
    typeof staleTime !== 'number' ||
    typeof refetchOnMount === 'function' ||
    refetchOnMount === 'always'
  )
    return;
  const { data, status, fetchStatus } = query.state;
  if (fetchStatus !== 'idle' || status === 'pending') return;
  // The observer would fetch on mount (and say so in its first result): no data and an error that may be retried,
  // or data gone stale.
  const stale = query.isStaleByTime(staleTime);
  if (data === undefined ? retryOnMount !== false : refetchOnMount !== false && stale) return;
  return { query, stale };
}

/**
 * `QueryObserver#createResult` for a query observed for the first time that will not be fetched on mount and that
 * nothing reshapes: its state as it is, `stale` and `enabled` as the observer's options make them.
 */
function resultOf(state: AnyQuery['state'], { stale, enabled }: { stale: boolean; enabled: boolean }) {
  const { status, fetchStatus, data, error } = state;
  const isError = status === 'error';
  const hasData = data !== undefined;
  return {
    status,
    fetchStatus,
    isPending: status === 'pending',
    isSuccess: status === 'success',
    isError,
    isInitialLoading: false,
    isLoading: false,
    data,
    dataUpdatedAt: state.dataUpdatedAt,
    error,
    errorUpdatedAt: state.errorUpdatedAt,
    failureCount: state.fetchFailureCount,
    failureReason: state.fetchFailureReason,
    errorUpdateCount: state.errorUpdateCount,
    isFetched: state.dataUpdateCount + state.errorUpdateCount > 0,
    isFetchedAfterMount: false,
    isFetching: false,
    isRefetching: false,
    isLoadingError: isError && !hasData,
    isPaused: false,
    isPlaceholderData: false,
    isRefetchError: isError && hasData,
    isStale: stale,
    refetch: browserOnly,
    isEnabled: enabled,
  };
}

/** A new query's state (`Query`'s default, without initial data): what a query not enabled and never added shows. */
const NEVER_FETCHED: AnyQuery['state'] = {
  data: undefined,
  dataUpdateCount: 0,
  dataUpdatedAt: 0,
  error: null,
  errorUpdateCount: 0,
  errorUpdatedAt: 0,
  fetchFailureCount: 0,
  fetchFailureReason: null,
  fetchMeta: null,
  isInvalidated: false,
  status: 'pending',
  fetchStatus: 'idle',
};

function useServerQuery(options: AnyOptions) {
  const client = useQueryClient();
  const plain = plainQuery(client, options);
  if (!plain) return observed(client, options, false);
  return plain.query
    ? resultOf(plain.query.state, { stale: plain.stale, enabled: true })
    : resultOf(NEVER_FETCHED, { stale: false, enabled: false });
}

function useServerInfiniteQuery(options: InfiniteQueryObserverOptions) {
  const client = useQueryClient();
  const plain = plainQuery(client, options as unknown as AnyOptions);
  // The pages' functions as given (not from the client's defaults, which the observer would merge).
  if (!plain?.query || !options.getNextPageParam) return observed(client, options as unknown as AnyOptions, true);
  const result = resultOf(plain.query.state, { stale: plain.stale, enabled: true });
  const direction = plain.query.state.fetchMeta?.fetchMore?.direction;
  const nextError = result.isError && direction === 'forward';
  const previousError = result.isError && direction === 'backward';
  const pages = plain.query.state.data as { pages: unknown[]; pageParams: unknown[] } | undefined;
  const last = pages ? pages.pages.length - 1 : -1;
  const first = pages?.pages.length ? 0 : -1;
  return {
    ...result,
    fetchNextPage: browserOnly,
    fetchPreviousPage: browserOnly,
    hasNextPage:
      last >= 0 && options.getNextPageParam(pages!.pages[last], pages!.pages, pages!.pageParams[last], pages!.pageParams) != null,
    hasPreviousPage:
      first >= 0 &&
      !!options.getPreviousPageParam &&
      options.getPreviousPageParam(pages!.pages[0], pages!.pages, pages!.pageParams[0], pages!.pageParams) != null,
    isFetchNextPageError: nextError,
    isFetchingNextPage: false,
    isFetchPreviousPageError: previousError,
    isFetchingPreviousPage: false,
    isRefetchError: result.isRefetchError && !nextError && !previousError,
  };
}

/** A mutation's result before it is first run (`MutationObserver`'s, from the mutation's default state). */
const IDLE_MUTATION = /* @__PURE__ */ Object.freeze({
  context: undefined,
  data: undefined,
  error: null,
  failureCount: 0,
  failureReason: null,
  isPaused: false,
  status: 'idle',
  variables: undefined,
  submittedAt: 0,
  isPending: false,
  isSuccess: false,
  isError: false,
  isIdle: true,
  mutate: browserOnly,
  reset: browserOnly,
  mutateAsync: browserOnly,
});

function useServerMutation() {
  return IDLE_MUTATION;
}

export const useQuery: typeof observedQuery = import.meta.env.SSR ? (useServerQuery as never) : observedQuery;
export const useInfiniteQuery: typeof observedInfiniteQuery = import.meta.env.SSR
  ? (useServerInfiniteQuery as never)
  : observedInfiniteQuery;
export const useMutation: typeof observedMutation = import.meta.env.SSR ? (useServerMutation as never) : observedMutation;
