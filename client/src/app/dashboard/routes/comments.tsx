import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '#shared/constants';
import { COMMENT_REPORT_LABELS, MODERATION_QUEUES, type CommentReportReason, type ModerationQueue } from '#shared/schemas/comments';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Dialog } from '#client/components/ui/dialog';
import { FormError, Select, TextArea } from '#client/components/ui/field';
import { LoadingText } from '#client/components/ui/page-state';
import { useToast } from '#client/components/ui/toast';
import { useConfirmAction } from '#client/components/ui/use-confirm-action';
import { paths } from '#client/config/paths';
import {
  MODERATION_PAGE,
  useCommentBans,
  useModerate,
  useModerationCounts,
  useModerationQueue,
  type ModerationComment,
} from '#client/features/comments/api/moderation';
import { formatShortDate } from '#client/lib/dates';
import { errorMessage } from '#client/lib/errors';
import { PageHeader } from '../dashboard-layout';

const QUEUE_LABELS: Record<ModerationQueue, string> = { reported: 'Reported', held: 'Held', hidden: 'Removed', recent: 'Recent' };
const QUEUE_HINTS: Record<ModerationQueue, string> = {
  reported: 'Comments readers reported, the most reported first. Approve one to keep it, or remove it.',
  held: 'Comments waiting for approval: a reader’s first comment (when pre-moderation is on) or one with a blocked word.',
  hidden: 'Comments a moderator removed. Readers see “This comment was removed” in their place; their authors see why.',
  recent: 'Every comment, newest first.',
};

/** Reasons offered when removing a comment; its author reads the one chosen (or written). */
const HIDE_REASONS = [
  'Personal attacks and harassment are not allowed here.',
  'Spam or advertising.',
  'Off topic for this article.',
  'Hate speech is not allowed here.',
];

const BAN_LENGTHS = [
  { label: 'For 1 day', days: 1 },
  { label: 'For 7 days', days: 7 },
  { label: 'For 30 days', days: 30 },
  { label: 'For good', days: null },
] as const;

const STATUS: Record<ModerationComment['status'], { label: string; tone: 'green' | 'amber' | 'slate' }> = {
  visible: { label: 'Shown', tone: 'green' },
  held: { label: 'Held', tone: 'amber' },
  hidden: { label: 'Removed', tone: 'slate' },
};

function reportsText(reports: ModerationComment['reports']): string {
  const parts = Object.entries(reports.reasons).map(([r, n]) => `${COMMENT_REPORT_LABELS[r as CommentReportReason] ?? r} ×${n}`);
  return `${reports.open} ${reports.open === 1 ? 'report' : 'reports'}: ${parts.join(', ')}`;
}

/** A moderator's dialog's Cancel and its (danger) action. */
function DialogActions({ busy, label, busyLabel, onCancel }: { busy: boolean; label: string; busyLabel: string; onCancel(): void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant="danger" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}

/** Remove a comment: why, as its author will read it. */
function HideDialog({ comment, onClose }: { comment: ModerationComment; onClose(): void }) {
  const moderate = useModerate();
  const toast = useToast();
  const [choice, setChoice] = useState(HIDE_REASONS[0]!);
  const [own, setOwn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reason = choice === 'other' ? own.trim() : choice;
  return (
    <Dialog
      open
      title="Remove Comment"
      onClose={onClose}
      busy={moderate.isPending}
      description={`By ${comment.author.name} on “${comment.article.title}”`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!reason) return setError('Write why the comment is removed: its author reads it.');
          try {
            toast.success(await moderate.mutateAsync({ kind: 'hide', id: comment.id, reason }));
            onClose();
          } catch (err) {
            setError(errorMessage(err, 'Failed to remove the comment'));
          }
        }}
      >
        <FormError message={error} />
        <blockquote className="rounded border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-800">
          {comment.content}
        </blockquote>
        <Select
          label="Why"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          hint="Its author reads this beside the removed comment."
        >
          {HIDE_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
          <option value="other">Another reason…</option>
        </Select>
        {choice === 'other' && (
          <TextArea label="Reason" rows={2} value={own} maxLength={LIMITS.moderationNoteMax} onChange={(e) => setOwn(e.target.value)} />
        )}
        <DialogActions busy={moderate.isPending} label="Remove Comment" busyLabel="Removing..." onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** Ban a reader from commenting, for a time or for good. */
function BanDialog({ comment, onClose }: { comment: ModerationComment; onClose(): void }) {
  const moderate = useModerate();
  const toast = useToast();
  const [days, setDays] = useState<string>('7');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open
      title="Ban from Commenting"
      onClose={onClose}
      busy={moderate.isPending}
      description={`${comment.author.name} will not be able to post or edit comments.`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!reason.trim()) return setError('Write why: the other moderators read it.');
          const until = days === 'forever' ? null : new Date(Date.now() + Number(days) * 86_400_000).toISOString();
          try {
            toast.success(await moderate.mutateAsync({ kind: 'ban', userId: comment.author.id, until, reason: reason.trim() }));
            onClose();
          } catch (err) {
            setError(errorMessage(err, 'Failed to ban the reader'));
          }
        }}
      >
        <FormError message={error} />
        <Select label="How long" value={days} onChange={(e) => setDays(e.target.value)}>
          {BAN_LENGTHS.map((b) => (
            <option key={b.label} value={b.days === null ? 'forever' : String(b.days)}>
              {b.label}
            </option>
          ))}
        </Select>
        <TextArea label="Reason" rows={2} value={reason} maxLength={LIMITS.moderationNoteMax} onChange={(e) => setReason(e.target.value)} />
        <DialogActions busy={moderate.isPending} label="Ban" busyLabel="Banning..." onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** A moderator's action without a dialog: run, then toasted as it went. */
function useModeratorAction() {
  const moderate = useModerate();
  const toast = useToast();
  const act = async (action: Parameters<typeof moderate.mutateAsync>[0], failure: string) => {
    try {
      toast.success(await moderate.mutateAsync(action));
    } catch (err) {
      toast.error(errorMessage(err, failure));
    }
  };
  return { moderate, act };
}

function QueueItem({ comment, onHide, onBan }: { comment: ModerationComment; onHide(): void; onBan(): void }) {
  const { moderate, act } = useModeratorAction();
  const confirmAction = useConfirmAction();
  const status = STATUS[comment.status];
  const reader = comment.author.role === 'user';
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm" aria-label={`Comment by ${comment.author.name}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-slate-900">{comment.author.name}</span>
        {comment.author.bannedUntil && (
          <Badge tone="red">
            {comment.author.bannedUntil === 'forever' ? 'Banned' : `Banned until ${formatShortDate(comment.author.bannedUntil)}`}
          </Badge>
        )}
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="text-slate-600">{formatShortDate(comment.createdAt)}</span>
        <span className="text-slate-600">
          on{' '}
          <a href={paths.article(comment.article.id)} className="text-slate-800 underline hover:text-slate-950">
            {comment.article.title}
          </a>
        </span>
      </div>
      <p className="mt-2 break-words whitespace-pre-line text-slate-800">{comment.content}</p>
      {comment.reports.open > 0 && <p className="mt-2 text-sm font-medium text-red-800">{reportsText(comment.reports)}</p>}
      {comment.moderationNote && (
        <p className="mt-1 text-sm text-slate-600">
          {comment.status === 'hidden' ? 'Removed: ' : ''}
          {comment.moderationNote}
          {comment.moderatedBy && comment.status === 'hidden' ? ` (${comment.moderatedBy.name})` : ''}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {(comment.status !== 'visible' || comment.reports.open > 0) && (
          <Button
            size="xs"
            variant="success"
            disabled={moderate.isPending}
            onClick={() => void act({ kind: 'approve', id: comment.id }, 'Failed to approve')}
          >
            {comment.status === 'hidden' ? 'Restore' : 'Approve'}
          </Button>
        )}
        {comment.status !== 'hidden' && (
          <Button size="xs" variant="secondary" onClick={onHide}>
            Remove
          </Button>
        )}
        <Button
          size="xs"
          variant="danger"
          onClick={() =>
            void confirmAction({
              title: 'Delete Comment',
              message: 'Delete this comment and all its replies for good? Removing it instead keeps the thread’s shape.',
              confirmLabel: 'Delete',
              tone: 'danger',
              action: () => moderate.mutateAsync({ kind: 'delete', id: comment.id }),
              success: 'Comment deleted',
              failure: 'Failed to delete the comment',
            })
          }
        >
          Delete
        </Button>
        {reader &&
          (comment.author.bannedUntil ? (
            <Button
              size="xs"
              variant="secondary"
              onClick={() => void act({ kind: 'unban', userId: comment.author.id }, 'Failed to lift the ban')}
            >
              Lift Ban
            </Button>
          ) : (
            <Button size="xs" variant="secondary" onClick={onBan}>
              Ban Author
            </Button>
          ))}
      </div>
    </li>
  );
}

/** The readers banned from commenting now, each with Lift Ban. */
function BannedReaders() {
  const bans = useCommentBans();
  const { moderate, act } = useModeratorAction();
  if (!bans.data?.length) return null;
  return (
    <section aria-labelledby="banned-readers" className="mt-8">
      <h2 id="banned-readers" className="mb-3 text-lg font-semibold text-slate-900">
        Banned from commenting
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm">
        {bans.data.map((ban) => (
          <li key={ban.user.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <span>
              <span className="font-semibold text-slate-900">{ban.user.name}</span>
              <span className="text-slate-600">
                {' '}
                · {ban.until ? `until ${formatShortDate(ban.until)}` : 'for good'} · {ban.reason}
                {ban.bannedBy ? ` (${ban.bannedBy.name})` : ''}
              </span>
            </span>
            <Button
              size="xs"
              variant="secondary"
              disabled={moderate.isPending}
              onClick={() => void act({ kind: 'unban', userId: ban.user.id }, 'Failed to lift the ban')}
            >
              Lift Ban
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The moderation queue (docs/decisions/066-comment-moderation.md), for editors and admins: reported, held, removed and
 * recent comments, each with Approve, Remove (the author reads why), Delete and Ban Author.
 */
export function CommentsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('queue') ?? '';
  const queue: ModerationQueue = (MODERATION_QUEUES as readonly string[]).includes(asked) ? (asked as ModerationQueue) : 'reported';
  const [page, setPage] = useState(1);
  const found = useModerationQueue(queue, page);
  const counts = useModerationCounts();
  const [hiding, setHiding] = useState<ModerationComment | null>(null);
  const [banning, setBanning] = useState<ModerationComment | null>(null);
  const total = found.data?.pagination.total ?? 0;
  const count = (q: ModerationQueue) => (q === 'reported' ? counts.data?.reported : q === 'held' ? counts.data?.held : undefined);

  return (
    <>
      <PageHeader title="Comments" description={QUEUE_HINTS[queue]} />
      <div role="group" aria-label="Queue" className="mb-4 flex flex-wrap gap-2">
        {MODERATION_QUEUES.map((q) => (
          <button
            key={q}
            type="button"
            aria-pressed={queue === q}
            onClick={() => {
              setParams(q === 'reported' ? {} : { queue: q }, { replace: true });
              setPage(1);
            }}
            className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:bg-slate-50 aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white"
          >
            {QUEUE_LABELS[q]}
            {count(q) ? ` (${count(q)})` : ''}
          </button>
        ))}
      </div>
      {found.isPending ? (
        <LoadingText>Loading comments...</LoadingText>
      ) : found.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {errorMessage(found.error, 'Failed to load the comments')}
        </p>
      ) : found.data.data.length === 0 ? (
        <p className="rounded-xl bg-white px-4 py-10 text-center text-slate-600 shadow-sm">
          {queue === 'reported' ? 'No reported comments.' : queue === 'held' ? 'No comments are waiting.' : 'No comments here.'}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={`${QUEUE_LABELS[queue]} comments`}>
          {found.data.data.map((c) => (
            <QueueItem key={c.id} comment={c} onHide={() => setHiding(c)} onBan={() => setBanning(c)} />
          ))}
        </ul>
      )}
      {total > MODERATION_PAGE && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-600">
          <span>
            {(page - 1) * MODERATION_PAGE + 1}–{Math.min(page * MODERATION_PAGE, total)} of {total}
          </span>
          <span className="flex gap-2">
            <Button variant="secondary" size="xs" disabled={page === 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button variant="secondary" size="xs" disabled={page * MODERATION_PAGE >= total} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </span>
        </nav>
      )}
      <BannedReaders />
      {hiding && <HideDialog comment={hiding} onClose={() => setHiding(null)} />}
      {banning && <BanDialog comment={banning} onClose={() => setBanning(null)} />}
    </>
  );
}
