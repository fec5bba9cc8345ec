import '#client/lib/zod-config';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Comment } from '#shared/types';
import { ErrorBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { paths } from '#client/config/paths';
import { errorMessage } from '#client/lib/errors';
import { useSession } from '#client/lib/session';
import { useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/get-comments';
import { useUpdateComment } from '../api/update-comment';
import { useMyComments } from '../api/my-comments';
import { useReportComment } from '../api/report-comment';
import { ApiError } from '#client/lib/api-client';
import { COMMENT_MESSAGES } from '#shared/schemas/comments';
import { CommentForm } from './comment-form';
import { CommentItem, type CommentActions } from './comment-item';
import { mayAlways } from '#shared/permissions';

/** docs/spec/SPEC.md §9: a scrolled-to comment is highlighted for 2 s. */
export const HIGHLIGHT_MS = 2_000;

/** The comments of an article (docs/spec/SPEC.md §2, §4): post, reply, edit and delete, newest first. */
export function CommentsSection({ articleId }: { articleId: string }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const comments = useComments(articleId);
  const create = useCreateComment(articleId);
  const update = useUpdateComment(articleId);
  const remove = useDeleteComment(articleId);
  const reportComment = useReportComment();
  // The reader's own comments others do not see: held for a moderator, or hidden by one (docs/decisions/066-comment-moderation.md).
  const mine = useMyComments(articleId, !!session);
  const held = mine.data?.filter((c) => c.status === 'held') ?? [];
  const removedWhy = useMemo(
    () => new Map((mine.data ?? []).filter((c) => c.status === 'hidden').map((c) => [c.id, c.moderationNote])),
    [mine.data],
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);

  useEffect(() => {
    if (!highlightedId) return;
    const el = document.getElementById(`comment-${highlightedId}`);
    el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    el?.focus({ preventScroll: true });
    const timer = setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightedId]);

  const tree = useMemo(() => comments.data?.pages.flatMap((p) => p.data) ?? [], [comments.data]);
  const total = comments.data?.pages[0]?.pagination?.total;
  const viewerId = session?.user.id ?? null;

  const actions: CommentActions = {
    viewerId,
    canModerate: !!session && mayAlways(session.user.role, 'comments:delete'),
    removedWhy,
    report: async (comment, reason) => {
      try {
        return (await reportComment.mutateAsync({ id: comment.id, reason })).message;
      } catch (err) {
        // Reported before: said plainly, as a confirmation.
        if (err instanceof ApiError && err.status === 409) return COMMENT_MESSAGES.alreadyReported;
        throw err;
      }
    },
    highlightedId,
    reply: async (parent: Comment, content: string) => {
      try {
        const created = await create.mutateAsync({ content, parentId: parent.id });
        if (created.status === 'held') return setNotice(COMMENT_MESSAGES.held);
        setHighlightedId(created.id);
      } catch (err) {
        throw new Error(errorMessage(err, 'Failed to post comment'), { cause: err });
      }
    },
    edit: async (comment: Comment, content: string) => {
      try {
        await update.mutateAsync({ id: comment.id, content });
      } catch (err) {
        throw new Error(errorMessage(err, 'Failed to update comment'), { cause: err });
      }
    },
    remove: async (comment: Comment) => {
      try {
        await remove.mutateAsync({ id: comment.id, topLevel: !comment.parentId });
      } catch (err) {
        throw new Error(errorMessage(err, 'Failed to delete comment'), { cause: err });
      }
    },
    jumpTo: (id: string) => {
      setHighlightedId(null);
      requestAnimationFrame(() => setHighlightedId(id));
    },
  };

  return (
    <section aria-labelledby="comments-heading" className="mt-12 border-t border-slate-200 pt-8">
      <h2 id="comments-heading" className="font-serif text-2xl font-bold">
        Comments{total !== undefined ? ` (${total})` : ''}
      </h2>
      {/* Reading needs no JavaScript, writing does: without it the form gives way to a note (issue 10). */}
      <noscript>
        <p className="mt-4 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-slate-700">Turn on JavaScript to comment.</p>
      </noscript>
      <div className="mt-4 noscript:hidden">
        <CommentForm
          label="Write a comment"
          placeholder={session ? 'Share your thoughts...' : 'Log in to join the conversation...'}
          submitLabel="Post Comment"
          busyLabel="Posting..."
          onGuestSubmit={session ? undefined : () => navigate(paths.auth, { state: { from: window.location.pathname } })}
          onSubmit={async (content) => {
            try {
              const created = await create.mutateAsync({ content });
              if (created.status === 'held') return setNotice(COMMENT_MESSAGES.held);
              setNotice(null);
              setHighlightedId(created.id);
            } catch (err) {
              throw new Error(errorMessage(err, 'Failed to post comment'), { cause: err });
            }
          }}
        />
      </div>
      <p role="status" className={notice ? 'mt-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-slate-800' : 'sr-only'}>
        {notice}
      </p>
      {held.length > 0 && (
        <section aria-labelledby="held-comments" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h3 id="held-comments" className="font-semibold text-slate-900">
            Your {held.length === 1 ? 'comment is' : 'comments are'} waiting for a moderator
          </h3>
          <p className="text-sm text-slate-700">Only you see {held.length === 1 ? 'it' : 'them'} until a moderator approves.</p>
          <ul className="mt-3 space-y-2">
            {held.map((c) => (
              <li key={c.id} className="rounded border border-amber-200 bg-white px-3 py-2 text-sm">
                <p className="break-words whitespace-pre-line text-slate-800">{c.content}</p>
                {c.moderationNote && <p className="mt-1 text-slate-600">{c.moderationNote}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="mt-8">
        {comments.isPending ? (
          <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading comments">
            {[0, 1].map((i) => (
              <div key={i} className="space-y-2 rounded-lg border border-slate-200 p-4">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-2/3" />
              </div>
            ))}
          </div>
        ) : comments.isError ? (
          <ErrorBox>{errorMessage(comments.error, 'Failed to load comments')}</ErrorBox>
        ) : tree.length === 0 ? (
          <p className="text-slate-600">No comments yet. Be the first to comment.</p>
        ) : (
          <ol className="space-y-4">
            {tree.map((c) => (
              <CommentItem key={c.id} comment={c} depth={0} actions={actions} />
            ))}
          </ol>
        )}
        {comments.hasNextPage && (
          <>
            <Button
              variant="secondary"
              className="mt-6 noscript:hidden"
              onClick={() => comments.fetchNextPage()}
              disabled={comments.isFetchingNextPage}
            >
              {comments.isFetchingNextPage ? 'Loading...' : 'Load more comments'}
            </Button>
            <noscript>
              <p className="mt-6 text-slate-700">Turn on JavaScript to load more comments.</p>
            </noscript>
          </>
        )}
      </div>
    </section>
  );
}
