import {
  QueryClientProvider,
  skipToken,
  QueryObserver,
  useInfiniteQuery as packageInfiniteQuery,
  useMutation as packageMutation,
  useQuery as packageQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';
import { useInfiniteQuery, useMutation, useQuery } from './query-hooks';

// This file runs in the server's build (vitest's node environment: import.meta.env.SSR), where the module's hooks are
// its own. Each case renders the package's hook and the module's over caches set up the same way, and compares what
// they return: a hydrated root (the comments') must render in the browser what the server did.

type Hook = () => Record<string, unknown>;

/** What a hook returns in a server render over a cache made by `setUp`. */
function rendered(hook: Hook, setUp: (client: QueryClient) => void): Record<string, unknown> {
  const client = createQueryClient({ server: true });
  setUp(client);
  let result: Record<string, unknown> = {};
  function Probe() {
    result = { ...hook() };
    return null;
  }
  renderToString(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return result;
}

/** The two results, functions as their kind (the server's do nothing but say they are the browser's). */
function expectSame(ours: Record<string, unknown>, theirs: Record<string, unknown>) {
  const shape = (r: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'function' ? 'function' : v]));
  expect(shape(ours)).toStrictEqual(shape(theirs));
}

const page = (offset: number, count: number, total: number) => ({
  data: Array.from({ length: count }, (_, i) => ({ id: `c${offset + i}` })),
  pagination: { offset, limit: 20, total },
});
const getNextPageParam = (last: ReturnType<typeof page>) =>
  last.pagination.offset + last.data.length < last.pagination.total ? last.pagination.offset + last.data.length : undefined;
const never = () => new Promise<never>(() => {});

// One clock for both renders: a result carries the time its data was set.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useQuery in the server render', () => {
  const fresh = (client: QueryClient) => client.setQueryData(['site'], { name: 'The Daily' });
  const cases: [string, (client: QueryClient) => void, Record<string, unknown>][] = [
    ['fetched and fresh', fresh, {}],
    ['fetched, with a staleTime of its own', fresh, { staleTime: 60_000 }],
    ['stale (no staleTime of its own, the default given as undefined)', fresh, { staleTime: undefined }],
    ['stale by its own staleTime', fresh, { staleTime: 0 }],
    ['refetched on mount always', fresh, { refetchOnMount: 'always' }],
    ['not loaded', () => {}, {}],
    ['not enabled', () => {}, { enabled: false }],
    ['not enabled, selected', () => {}, { enabled: false, select: (site: { name: string }) => site.name }],
    ['not enabled, loaded', fresh, { enabled: false }],
    ['not enabled, with initial data', () => {}, { enabled: false, initialData: { name: 'The Daily' } }],
    ['selected', fresh, { select: (site: { name: string }) => site.name }],
    ['skipped (skipToken)', fresh, { queryFn: skipToken }],
    ['not subscribed', fresh, { subscribed: false }],
    ['not subscribed, not loaded', () => {}, { subscribed: false }],
    [
      'being fetched again',
      (client) => (
        fresh(client),
        client
          .getQueryCache()
          .find({ queryKey: ['site'] })!
          .setState({ fetchStatus: 'fetching' })
      ),
      {},
    ],
    ['invalidated', (client) => (fresh(client), void client.invalidateQueries({ queryKey: ['site'], refetchType: 'none' })), {}],
  ];
  it.each(cases)('returns what the package returns: %s', (_, setUp, options) => {
    const hook = (use: typeof packageQuery) => () => use({ queryKey: ['site'], queryFn: never, ...options }) as never;
    expectSame(rendered(hook(useQuery), setUp), rendered(hook(packageQuery), setUp));
  });

  it('returns what the package returns for a failed read, not asked again on mount', () => {
    const failed = (client: QueryClient) => {
      const query = client.getQueryCache().build(client, { queryKey: ['article', 'gone'] });
      query.setState({
        status: 'error',
        error: new ApiError(404, 'NOT_FOUND', 'Article not found'),
        errorUpdateCount: 1,
        errorUpdatedAt: Date.now(),
      });
    };
    const hook =
      (use: typeof packageQuery, options: Record<string, unknown> = {}) =>
      () =>
        use({ queryKey: ['article', 'gone'], queryFn: never, ...options }) as never;
    const ours = rendered(hook(useQuery), failed);
    expectSame(ours, rendered(hook(packageQuery), failed));
    expect(ours).toMatchObject({ isError: true, isLoadingError: true, isFetching: false });
    // With initial data, the observer gives the query its data.
    const initialData = { id: 'gone' };
    expectSame(rendered(hook(useQuery, { initialData }), failed), rendered(hook(packageQuery, { initialData }), failed));
    // An error for the boundary is thrown by both.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => rendered(hook(packageQuery, { throwOnError: true }), failed)).toThrow('Article not found');
    expect(() => rendered(hook(useQuery, { throwOnError: true }), failed)).toThrow('Article not found');
  });

  it('reads a fetched, fresh query and one not enabled without an observer, and observes any other', () => {
    const optimistic = vi.spyOn(QueryObserver.prototype, 'getOptimisticResult');
    const site = rendered(() => useQuery({ queryKey: ['site'], queryFn: never }) as never, fresh);
    expect(site).toMatchObject({ data: { name: 'The Daily' }, isSuccess: true, isFetching: false, isStale: false });
    expect(optimistic).not.toHaveBeenCalled();
    const mine = rendered(
      () => useQuery({ queryKey: ['mine'], queryFn: never, enabled: false }) as never,
      () => {},
    );
    expect(mine).toMatchObject({ isPending: true, isFetching: false, isEnabled: false });
    expect(optimistic).not.toHaveBeenCalled();
    rendered(() => useQuery({ queryKey: ['site'], queryFn: never, staleTime: 0 }) as never, fresh);
    expect(optimistic).toHaveBeenCalledTimes(1);
  });
});

describe('useInfiniteQuery in the server render', () => {
  const loaded =
    (...pages: ReturnType<typeof page>[]) =>
    (client: QueryClient) =>
      client.setQueryData(['comments', 'a1'], { pages, pageParams: pages.map((p) => p.pagination.offset) });
  const cases: [string, (client: QueryClient) => void, Record<string, unknown>][] = [
    ['a first page of more', loaded(page(0, 20, 45)), {}],
    ['every page', loaded(page(0, 20, 25), page(20, 5, 25)), {}],
    ['no comments', loaded(page(0, 0, 0)), {}],
    [
      'pages both ways',
      loaded(page(20, 20, 60)),
      { getPreviousPageParam: (first: ReturnType<typeof page>) => first.pagination.offset || undefined },
    ],
    ['not loaded', () => {}, {}],
    ['stale', loaded(page(0, 20, 45)), { staleTime: 0 }],
    [
      'a next page that failed',
      (client) => {
        loaded(page(0, 20, 45))(client);
        client
          .getQueryCache()
          .find({ queryKey: ['comments', 'a1'] })!
          .setState({ status: 'error', error: new Error('down'), errorUpdateCount: 1, fetchMeta: { fetchMore: { direction: 'forward' } } });
      },
      {},
    ],
  ];
  it.each(cases)('returns what the package returns: %s', (_, setUp, options) => {
    const hook = (use: typeof packageInfiniteQuery) => () =>
      use({ queryKey: ['comments', 'a1'], queryFn: never, initialPageParam: 0, getNextPageParam, ...options }) as never;
    expectSame(rendered(hook(useInfiniteQuery), setUp), rendered(hook(packageInfiniteQuery), setUp));
  });

  it('says whether there is a next page', () => {
    const useComments = () =>
      useInfiniteQuery({ queryKey: ['comments', 'a1'], queryFn: never, initialPageParam: 0, getNextPageParam }) as never;
    expect(rendered(useComments, loaded(page(0, 20, 45)))).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(rendered(useComments, loaded(page(0, 20, 20)))).toMatchObject({ hasNextPage: false });
  });
});

describe('useMutation in the server render', () => {
  it('returns what the package returns before a mutation runs, and runs none', () => {
    const hook = (use: typeof packageMutation) => () => use({ mutationFn: never }) as never;
    const ours = rendered(hook(useMutation), () => {});
    expectSame(
      ours,
      rendered(hook(packageMutation), () => {}),
    );
    expect(() => (ours.mutate as () => void)()).toThrow(/browser/);
  });
});
