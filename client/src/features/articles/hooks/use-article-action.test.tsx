// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Article, Page } from '../../../../../shared/types';
import { ToastProvider } from '../../../components/ui/toast';
import { dashboardKeys } from '../../../lib/dashboard-keys';
import { makeArticle } from '../../../../../tests/helpers/wire-articles';
import { useArticleAction } from './use-article-action';

const LIST = dashboardKeys.articleList({ limit: 25, offset: 0 });
const STORIES = dashboardKeys.articleList({ limit: 500, offset: 0 });

function page(data: Article[]): Page<Article> {
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

const titles = (qc: QueryClient) => qc.getQueryData<Page<Article>>(LIST)?.data.map((a) => [a.id, a.status, a.isFeatured]);

describe('useArticleAction: optimistic updates reverted on failure (SPEC.md §4)', () => {
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

  it('shows the change before the server answers and keeps it on success', async () => {
    const { queryClient, wrapper } = setup();
    const draft = makeArticle({ id: 'a', status: 'draft', publishedAt: null });
    queryClient.setQueryData(LIST, page([draft]));
    queryClient.setQueryData(STORIES, page([draft]));
    fetchMock.mockImplementation((url: string) =>
      String(url).endsWith('/publish') ? pending.promise : Promise.resolve(json(200, page([]))),
    );
    const { result } = renderHook(() => useArticleAction(), { wrapper });

    act(() => result.current.mutate({ article: draft, action: { kind: 'publish' } }));
    await waitFor(() => expect(titles(queryClient)).toEqual([['a', 'published', false]]));
    expect(queryClient.getQueryData<Page<Article>>(STORIES)?.data[0]?.status).toBe('published');
    expect(fetchMock).toHaveBeenCalledWith('/api/articles/a/publish', expect.objectContaining({ method: 'POST' }));

    pending.resolve(json(200, { ...draft, status: 'published' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    // After a publish both the full list and the published list are stale (refetch rule of §4).
    expect(queryClient.getQueryState(LIST)?.isInvalidated).toBe(true);
  });

  it('puts every list back and shows the server message as an Error toast when the call fails', async () => {
    const { queryClient, wrapper } = setup();
    const story = makeArticle({ id: 'a', isStory: true });
    const featured = [1, 2, 3].map((n) => makeArticle({ id: `f${n}`, isStory: true, isFeatured: true }));
    queryClient.setQueryData(LIST, page([story, ...featured]));
    fetchMock.mockImplementation(() => pending.promise);
    const { result } = renderHook(() => useArticleAction(), { wrapper });

    act(() => result.current.mutate({ article: story, action: { kind: 'featured', value: true, unfeatureId: 'f3' } }));
    await waitFor(() =>
      expect(titles(queryClient)).toEqual([
        ['a', 'published', true],
        ['f1', 'published', true],
        ['f2', 'published', true],
        ['f3', 'published', false],
      ]),
    );

    pending.resolve(json(409, { error: 'Conflict', message: 'Only stories can be featured' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(titles(queryClient)).toEqual([
      ['a', 'published', false],
      ['f1', 'published', true],
      ['f2', 'published', true],
      ['f3', 'published', true],
    ]);
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Only stories can be featured')).toBeTruthy();
  });

  it('falls back to the SPEC.md §8 text when the server gives none', async () => {
    const { queryClient, wrapper } = setup();
    const article = makeArticle({ id: 'a' });
    queryClient.setQueryData(LIST, page([article]));
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502, statusText: '' }));
    const { result } = renderHook(() => useArticleAction(), { wrapper });
    act(() => result.current.mutate({ article, action: { kind: 'unpublish' } }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(titles(queryClient)).toEqual([['a', 'published', false]]);
    expect(await screen.findByText('Failed to unpublish article.')).toBeTruthy();
  });

  it('applies the story the server actually unfeatured when the guess was different', async () => {
    const { queryClient, wrapper } = setup();
    const story = makeArticle({ id: 'a', isStory: true });
    const others = ['f1', 'f2', 'f3'].map((id) => makeArticle({ id, title: id, isStory: true, isFeatured: true }));
    queryClient.setQueryData(LIST, page([story, ...others]));
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        String(url).endsWith('/featured')
          ? json(200, { ...story, isFeatured: true, unfeatured: { id: 'f1', title: 'f1' } })
          : json(200, page([])),
      ),
    );
    const { result } = renderHook(() => useArticleAction(), { wrapper });
    act(() => result.current.mutate({ article: story, action: { kind: 'featured', value: true, unfeatureId: 'f3' } }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData<Page<Article>>(LIST)?.data.find((a) => a.id === 'f1')?.isFeatured).toBe(false);
    expect(await screen.findByText('Story featured. "f1" is no longer featured.')).toBeTruthy();
  });
});
