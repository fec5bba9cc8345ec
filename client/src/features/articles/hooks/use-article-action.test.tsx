// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Article, Page } from '#shared/types';
import { ToastProvider } from '#client/components/ui/toast';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { readerKeys } from '#client/lib/query-keys';
import { makeArticle } from '#tests/helpers/wire-articles';
import { FEATURED_LIMIT } from '../lib/article-cache';
import { useArticleAction } from './use-article-action';

const LIST = dashboardKeys.articleList({ limit: 25, offset: 0 });
const DRAFTS = dashboardKeys.articleList({ status: 'draft', limit: 25, offset: 0 });
const STORIES = dashboardKeys.articleList({ limit: 500, offset: 0 });
const FEATURED = dashboardKeys.publishedList({ featured: true, limit: FEATURED_LIMIT });
const STATS = dashboardKeys.stats;
const COMMENTS = dashboardKeys.comments(1, 20);
const HOME_MAIN = readerKeys.publishedList({ main: true, limit: 1 });
const HOME_FEATURED = readerKeys.publishedList({ featured: true, limit: 4 });
const SPORTS = readerKeys.publishedPages({ section: 'Sports', limit: 24 });

function page<T>(data: T[]): Page<T> {
  return { data, pagination: { total: data.length, limit: 25, offset: 0 } };
}

function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
}

/** Fills the caches a dashboard session holds; none is on screen, so invalidating one reads nothing. */
function fill(queryClient: QueryClient, rows: Article[]) {
  for (const key of [LIST, DRAFTS, STORIES]) queryClient.setQueryData(key, page(rows));
  queryClient.setQueryData(FEATURED, page(rows.filter((a) => a.isFeatured)));
  queryClient.setQueryData(STATS, { totalArticles: rows.length });
  queryClient.setQueryData(COMMENTS, { comments: [] });
  for (const key of [HOME_MAIN, HOME_FEATURED, SPORTS]) queryClient.setQueryData(key, page([]));
  for (const row of rows) queryClient.setQueryData(readerKeys.article(row.id), row);
}

const stale = (queryClient: QueryClient, keys: Record<string, QueryKey>) =>
  Object.entries(keys)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
const everyCache = { LIST, DRAFTS, STORIES, FEATURED, STATS, COMMENTS, HOME_MAIN, HOME_FEATURED, SPORTS };

const rows = (qc: QueryClient, key: QueryKey = LIST) =>
  qc.getQueryData<Page<Article>>(key)?.data.map((a) => [a.id, a.status, a.isFeatured, a.isMainStory]);

describe('useArticleAction: the change at once, then the server answer in the caches (docs/spec/SPEC.md §4)', () => {
  let pending: ReturnType<typeof deferred>;
  const fetchMock = vi.fn();

  beforeEach(() => {
    pending = deferred();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 't');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('a publish shows at once; the answer replaces the article, and only the lists it joined or left are stale', async () => {
    const { queryClient, wrapper } = setup();
    const draft = makeArticle({ id: 'a', status: 'draft', publishedAt: null, version: 1 });
    fill(queryClient, [draft]);
    fetchMock.mockImplementation(() => pending.promise);
    const { result } = renderHook(() => useArticleAction(), { wrapper });

    act(() => result.current.mutate({ article: draft, action: { kind: 'publish' } }));
    await waitFor(() => expect(rows(queryClient)).toEqual([['a', 'published', false, false]]));
    expect(rows(queryClient, STORIES)).toEqual([['a', 'published', false, false]]);
    expect(fetchMock).toHaveBeenCalledWith('/api/articles/a/publish', expect.objectContaining({ method: 'POST' }));

    const published = { ...draft, status: 'published', publishedAt: '2026-03-01T12:00:00.000Z', version: 2 } satisfies Article;
    pending.resolve(json(200, published));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    for (const key of [LIST, STORIES]) expect(queryClient.getQueryData<Page<Article>>(key)?.data).toEqual([published]);
    expect(queryClient.getQueryData(readerKeys.article('a'))).toEqual(published);
    // It left the drafts and joined the reader's published lists; the counters count it. Nothing else moved.
    expect(stale(queryClient, everyCache)).toEqual(['DRAFTS', 'STATS', 'HOME_MAIN', 'HOME_FEATURED', 'SPORTS']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an unpublish takes from the answer what the server cleared with it (the featured and main slots)', async () => {
    const { queryClient, wrapper } = setup();
    const story = makeArticle({ id: 'a', isStory: true, isFeatured: true, isMainStory: true, version: 3 });
    fill(queryClient, [story]);
    fetchMock.mockImplementation(() => pending.promise);
    const { result } = renderHook(() => useArticleAction(), { wrapper });

    act(() => result.current.mutate({ article: story, action: { kind: 'unpublish' } }));
    await waitFor(() => expect(rows(queryClient)).toEqual([['a', 'unpublished', true, true]]));
    pending.resolve(json(200, { ...story, status: 'unpublished', isFeatured: false, isMainStory: false, version: 4 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(rows(queryClient)).toEqual([['a', 'unpublished', false, false]]);
    expect(stale(queryClient, everyCache)).toEqual(['DRAFTS', 'FEATURED', 'STATS', 'HOME_MAIN', 'HOME_FEATURED', 'SPORTS']);
  });

  it('a story flag changes no list: the answer goes into its rows and nothing is read again', async () => {
    const { queryClient, wrapper } = setup();
    const article = makeArticle({ id: 'a' });
    fill(queryClient, [article]);
    fetchMock.mockResolvedValue(json(200, { ...article, isStory: true, version: 2 }));
    const { result } = renderHook(() => useArticleAction(), { wrapper });
    act(() => result.current.mutate({ article, action: { kind: 'story', value: true } }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData<Page<Article>>(STORIES)?.data[0]).toMatchObject({ isStory: true, version: 2 });
    expect(stale(queryClient, everyCache)).toEqual([]);
  });

  it("a new main story: the reader's main lists, and the rows (the section's previous main story lost its flag)", async () => {
    const { queryClient, wrapper } = setup();
    const story = makeArticle({ id: 'a', isStory: true });
    fill(queryClient, [story, makeArticle({ id: 'b', isStory: true, isMainStory: true })]);
    fetchMock.mockResolvedValue(json(200, { ...story, isMainStory: true, version: 2 }));
    const { result } = renderHook(() => useArticleAction(), { wrapper });
    act(() => result.current.mutate({ article: story, action: { kind: 'main', value: true } }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(stale(queryClient, everyCache)).toEqual(['LIST', 'DRAFTS', 'STORIES', 'HOME_MAIN']);
  });

  it('a featured story: the story the server unfeatured, named in its answer, loses its flag', async () => {
    const { queryClient, wrapper } = setup();
    const story = makeArticle({ id: 'a', isStory: true });
    const others = ['f1', 'f2', 'f3'].map((id) => makeArticle({ id, title: id, isStory: true, isFeatured: true }));
    fill(queryClient, [story, ...others]);
    fetchMock.mockImplementation(() => pending.promise);
    const { result } = renderHook(() => useArticleAction(), { wrapper });
    act(() => result.current.mutate({ article: story, action: { kind: 'featured', value: true } }));
    // At once: it leads the featured order; which story gives way is the server's to say.
    await waitFor(() => expect(queryClient.getQueryData<Page<Article>>(FEATURED)?.data.map((a) => a.id)).toEqual(['a', 'f1', 'f2', 'f3']));

    pending.resolve(json(200, { ...story, isFeatured: true, version: 2, unfeatured: { id: 'f1', title: 'f1' } }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(rows(queryClient)).toEqual([
      ['a', 'published', true, false],
      ['f1', 'published', false, false],
      ['f2', 'published', true, false],
      ['f3', 'published', true, false],
    ]);
    expect(queryClient.getQueryData(readerKeys.article('a'))).not.toHaveProperty('unfeatured');
    expect(await screen.findByText('Story featured. "f1" is no longer featured.')).toBeTruthy();
    expect(stale(queryClient, everyCache)).toEqual(['LIST', 'DRAFTS', 'STORIES', 'FEATURED', 'HOME_FEATURED']);
  });

  it('a delete takes the row out at once, then every list it was in is stale, its comments too', async () => {
    const { queryClient, wrapper } = setup();
    const article = makeArticle({ id: 'a' });
    fill(queryClient, [article, makeArticle({ id: 'b' })]);
    fetchMock.mockImplementation(() => pending.promise);
    const { result } = renderHook(() => useArticleAction(), { wrapper });
    act(() => result.current.mutate({ article, action: { kind: 'delete' } }));
    await waitFor(() =>
      expect(queryClient.getQueryData<Page<Article>>(LIST)).toEqual({
        ...page([makeArticle({ id: 'b' })]),
        pagination: { total: 1, limit: 25, offset: 0 },
      }),
    );
    pending.resolve(json(200, { success: true, message: 'Deleted' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(stale(queryClient, everyCache)).toEqual(Object.keys(everyCache));
  });

  it('puts every cache back and shows the server message as an Error toast when the call fails', async () => {
    const { queryClient, wrapper } = setup();
    const story = makeArticle({ id: 'a', isStory: true });
    const featured = [1, 2, 3].map((n) => makeArticle({ id: `f${n}`, isStory: true, isFeatured: true }));
    fill(queryClient, [story, ...featured]);
    fetchMock.mockImplementation(() => pending.promise);
    const { result } = renderHook(() => useArticleAction(), { wrapper });

    act(() => result.current.mutate({ article: story, action: { kind: 'featured', value: true } }));
    await waitFor(() => expect(rows(queryClient)?.[0]).toEqual(['a', 'published', true, false]));

    pending.resolve(json(409, { error: 'Conflict', message: 'Only stories can be featured' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(rows(queryClient)).toEqual([
      ['a', 'published', false, false],
      ['f1', 'published', true, false],
      ['f2', 'published', true, false],
      ['f3', 'published', true, false],
    ]);
    expect(queryClient.getQueryData<Page<Article>>(FEATURED)?.data.map((a) => a.id)).toEqual(['f1', 'f2', 'f3']);
    expect(queryClient.getQueryData(readerKeys.article('a'))).toEqual(story);
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Only stories can be featured')).toBeTruthy();
  });

  it('falls back to the docs/spec/SPEC.md §8 text when the server gives none', async () => {
    const { queryClient, wrapper } = setup();
    const article = makeArticle({ id: 'a' });
    queryClient.setQueryData(LIST, page([article]));
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502, statusText: '' }));
    const { result } = renderHook(() => useArticleAction(), { wrapper });
    act(() => result.current.mutate({ article, action: { kind: 'unpublish' } }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(rows(queryClient)).toEqual([['a', 'published', false, false]]);
    expect(await screen.findByText('Failed to unpublish article.')).toBeTruthy();
  });
});
