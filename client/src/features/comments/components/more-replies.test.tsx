// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '#shared/types';
import { commentActions, makeComment } from '#tests/helpers/wire-comments';
import { readerKeys } from '#client/lib/query-keys';
import { useComments, type CommentsPage } from '../api/get-comments';
import { CommentItem } from './comment-item';

const reply = (n: number, parentId = 'top'): Comment =>
  makeComment({ id: `r${n}`, content: `Reply ${n}`, author: { id: 'someone', name: `Writer ${n}` }, parentId });

/** A top-level comment with 25 replies, the 3 newest shown (as a read answers it). */
const top: Comment = { ...reply(0), id: 'top', content: 'Top', parentId: null, replies: [1, 2, 3].map((n) => reply(n)), replyCount: 25 };

const actions = commentActions(null);

function Thread() {
  const comments = useComments('a');
  return (
    <ol>
      {comments.data?.pages
        .flatMap((p) => p.data)
        .map((c) => (
          <CommentItem key={c.id} comment={c} depth={0} actions={actions} />
        ))}
    </ol>
  );
}

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  const first: CommentsPage = { success: true, data: [top], pagination: { total: 1, limit: 20, offset: 0 } };
  queryClient.setQueryData(readerKeys.articleComments('a'), { pages: [first], pageParams: [0] });
  render(
    <QueryClientProvider client={queryClient}>
      <Thread />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('Show more replies', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('loads the next page after the replies shown, page by page, and moves the focus to the first loaded', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    setup();
    const more = screen.getByRole('button', { name: 'Show 22 more replies' });
    more.focus();
    fireEvent.click(more);
    expect(await screen.findByRole('button', { name: 'Loading replies...' })).toBe(more);
    // Still focusable while it loads; a second press asks nothing more.
    expect(more.hasAttribute('disabled')).toBe(false);
    fireEvent.click(more);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/comments\/top\/replies\?limit=20&offset=3$/);

    answer(json(200, { success: true, data: [3, 4, 5].map((n) => reply(n)), pagination: { total: 25, limit: 20, offset: 3 } }));
    await waitFor(() => expect(screen.getByText('Reply 5')).toBeTruthy());
    const list = screen.getByRole('list', { name: 'Replies to Writer 0' });
    // Reply 3 came again (a reply posted meanwhile shifted the page): shown once.
    expect(
      within(list)
        .getAllByTestId('comment')
        .map((li) => li.id),
    ).toEqual(['comment-r1', 'comment-r2', 'comment-r3', 'comment-r4', 'comment-r5']);
    await waitFor(() => expect(document.activeElement?.id).toBe('comment-r4'));
    expect(screen.getByRole('button', { name: 'Show 20 more replies' })).toBeTruthy();
  });

  it('says so when the page fails to load, and tries again on the next press', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Show 22 more replies' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load comments');
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: [reply(4)], pagination: { total: 4, limit: 20, offset: 3 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Show 22 more replies' }));
    await waitFor(() => expect(screen.getByText('Reply 4')).toBeTruthy());
    // Every reply is shown: the button is gone, with the error.
    expect(screen.queryByRole('button', { name: /Show/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
