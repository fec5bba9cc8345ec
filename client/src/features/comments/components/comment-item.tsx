import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '#shared/constants';
import type { Comment } from '#shared/types';
import { COMMENT_MESSAGES, type CommentReportReason } from '#shared/schemas/comments';
import { ReportForm } from './report-form';
import { ErrorBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { RelativeTime } from '#client/components/ui/dates';
import { cn } from '#client/lib/cn';
import { hiddenReplies, shortenQuote } from '../lib/comment-tree';
import { CommentForm } from './comment-form';
import { MoreReplies } from './more-replies';

export interface CommentActions {
  viewerId: string | null;
  canModerate: boolean;
  /** Why each of the viewer's own comments a moderator hid was hidden (docs/decisions/066-comment-moderation.md). */
  removedWhy?: ReadonlyMap<string, string | null>;
  /** Report a comment to the moderators: answers the sentence to show. */
  report?(comment: Comment, reason: CommentReportReason): Promise<string>;
  highlightedId: string | null;
  reply(parent: Comment, content: string): Promise<void>;
  edit(comment: Comment, content: string): Promise<void>;
  remove(comment: Comment): Promise<void>;
  jumpTo(id: string): void;
}

const MAX_INDENT_DEPTH = 4;
/** `depth` counts from 0 at the top level; the server places a reply to the deepest level beside it. */
const DEEPEST = LIMITS.commentLevelsMax - 1;

/** One comment with its nested replies (docs/spec/SPEC.md §2 comments section). */
export function CommentItem({ comment, depth, actions }: { comment: Comment; depth: number; actions: CommentActions }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'reply' | 'report'>('view');
  const [reported, setReported] = useState<string | null>(null);
  const removed = comment.status === 'hidden';
  // Where the focus goes when the report form closes: back to Report (cancelled), or to the thanks (sent).
  const reportButton = useRef<HTMLButtonElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const [refocus, setRefocus] = useState<'report' | 'thanks' | null>(null);
  useEffect(() => {
    if (!refocus) return;
    (refocus === 'thanks' ? thanks.current : reportButton.current)?.focus();
    setRefocus(null);
  }, [refocus]);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const own = actions.viewerId !== null && actions.viewerId === comment.author.id;
  const canDelete = own || (actions.viewerId !== null && actions.canModerate);
  const highlighted = actions.highlightedId === comment.id;
  const indent = depth < MAX_INDENT_DEPTH && 'ml-3 border-l-2 border-slate-200 pl-3 md:ml-6 md:pl-4';
  // The first of the replies just loaded takes the focus once it is on the page (the button may be gone).
  const [focusReply, setFocusReply] = useState<string | null>(null);
  useEffect(() => {
    const el = focusReply ? document.getElementById(`comment-${focusReply}`) : null;
    if (!el) return;
    el.focus();
    setFocusReply(null);
  }, [focusReply, comment.replies]);

  const onDelete = async () => {
    if (!window.confirm('Are you sure you want to delete this comment?')) return;
    setDeleting(true);
    setError(null);
    try {
      await actions.remove(comment);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setDeleting(false);
    }
  };

  return (
    <li id={`comment-${comment.id}`} tabIndex={-1} className="scroll-mt-32 focus:outline-none" data-testid="comment">
      <div
        className={cn(
          'rounded-lg border p-4 transition-colors duration-500',
          highlighted ? 'border-amber-400 bg-amber-50' : 'border-slate-200 bg-white',
        )}
        data-highlighted={highlighted || undefined}
      >
        {removed ? (
          // A moderator hid it: its place in the thread stays, its words and its author's name do not.
          <div className="text-sm">
            <p className="text-slate-600 italic">{COMMENT_MESSAGES.removed}.</p>
            {actions.removedWhy?.has(comment.id) && (
              <p className="mt-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-slate-800">
                A moderator removed your comment. Why: {actions.removedWhy.get(comment.id) ?? 'no reason was given'}
              </p>
            )}
          </div>
        ) : (
          <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-slate-900">{comment.author.name}</span>
            <RelativeTime value={comment.createdAt} className="text-slate-600" />
            {comment.isEdited && <span className="text-slate-600">(edited)</span>}
          </div>
        )}
        {!removed && comment.parent && (
          <button
            type="button"
            onClick={() => actions.jumpTo(comment.parent!.id)}
            className="mt-2 block w-full rounded border-l-4 border-slate-300 bg-slate-50 px-3 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100"
          >
            <span className="font-semibold">Replying to {comment.parent.author.name}:</span> <q>{shortenQuote(comment.parent.content)}</q>
          </button>
        )}
        {mode === 'edit' ? (
          <div className="mt-3">
            <CommentForm
              label="Edit comment"
              initial={comment.content}
              submitLabel="Save"
              busyLabel="Saving..."
              autoFocus
              onCancel={() => setMode('view')}
              onSubmit={async (content) => {
                await actions.edit(comment, content);
                setMode('view');
              }}
            />
          </div>
        ) : removed ? null : (
          <p className="mt-2 break-words whitespace-pre-line text-slate-800">{comment.content}</p>
        )}
        {error && <ErrorBox className="mt-3">{error}</ErrorBox>}
        {reported && (
          <p ref={thanks} tabIndex={-1} role="status" className="mt-3 text-sm text-slate-700 focus:outline-none">
            {reported}
          </p>
        )}
        {mode !== 'edit' && mode !== 'report' && actions.viewerId !== null && (
          <div className="mt-3 flex flex-wrap gap-1">
            {!removed && (
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={mode === 'reply'}
                onClick={() => setMode(mode === 'reply' ? 'view' : 'reply')}
              >
                {mode === 'reply' ? 'Cancel Reply' : 'Reply'}
              </Button>
            )}
            {!own && !removed && !reported && actions.report && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setMode('report')}
                aria-label={`Report the comment of ${comment.author.name}`}
              >
                Report
              </Button>
            )}
            {own && !removed && (
              <Button variant="ghost" size="sm" onClick={() => setMode('edit')}>
                Edit
              </Button>
            )}
            {canDelete && (
              <Button variant="ghost" size="sm" className="text-red-700" onClick={onDelete} disabled={deleting}>
                {deleting ? 'Deleting...' : 'Delete'}
              </Button>
            )}
          </div>
        )}
        {mode === 'report' && actions.report && (
          <ReportForm
            onCancel={() => {
              setMode('view');
              setRefocus('report');
            }}
            onSubmit={async (reason) => {
              const message = await actions.report!(comment, reason);
              setReported(message);
              setMode('view');
              setRefocus('thanks');
            }}
          />
        )}
        {mode === 'reply' && (
          <div className="mt-3">
            {depth >= DEEPEST && (
              <p className="mb-2 text-sm text-slate-600">
                This conversation is as deep as it goes: your reply will appear beside this comment.
              </p>
            )}
            <CommentForm
              label={`Reply to ${comment.author.name}`}
              placeholder="Write a reply..."
              submitLabel="Post Reply"
              busyLabel="Posting..."
              autoFocus
              rows={2}
              onSubmit={async (content) => {
                await actions.reply(comment, content);
                setMode('view');
              }}
            />
          </div>
        )}
      </div>
      {comment.replies?.length > 0 && (
        <ol className={cn('mt-3 space-y-3', indent)} aria-label={`Replies to ${comment.author.name}`}>
          {comment.replies.map((r) => (
            <CommentItem key={r.id} comment={r} depth={depth + 1} actions={actions} />
          ))}
        </ol>
      )}
      {hiddenReplies(comment) > 0 && (
        <MoreReplies comment={comment} onLoaded={setFocusReply} className={cn(comment.replies?.length > 0 ? 'pt-2' : 'mt-3', indent)} />
      )}
    </li>
  );
}
