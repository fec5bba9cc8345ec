import type { Comment } from '#shared/types';
import { ErrorBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { errorMessage } from '#client/lib/errors';
import { useMoreReplies } from '../api/get-replies';
import { hiddenReplies } from '../lib/comment-tree';

const noun = (n: number) => (n === 1 ? 'reply' : 'replies');

/**
 * "Show N more replies" under a comment whose replies are not all shown (a read carries the newest few):
 * loads the next page after them. `onLoaded` receives the first reply it added, to move the focus there.
 */
export function MoreReplies({ comment, onLoaded, className }: { comment: Comment; onLoaded: (id: string) => void; className?: string }) {
  const more = useMoreReplies(comment.articleId);
  const hidden = hiddenReplies(comment);
  const load = () => {
    // Not disabled while it loads: a disabled button would drop the keyboard focus.
    if (more.isPending) return;
    const shown = new Set(comment.replies.map((r) => r.id));
    more.mutateAsync(comment).then(
      (page) => {
        const first = page.data.find((r) => !shown.has(r.id));
        if (first) onLoaded(first.id);
      },
      // The failure shows below, from the mutation's state.
      () => {},
    );
  };
  return (
    <div className={className}>
      <Button variant="link" className="text-sm noscript:hidden" onClick={load} aria-disabled={more.isPending || undefined}>
        {/* One text node each: the server's HTML says it in one piece. */}
        {more.isPending ? 'Loading replies...' : `Show ${hidden} ${comment.replies.length ? 'more ' : ''}${noun(hidden)}`}
      </Button>
      <noscript>
        <p className="text-sm text-slate-600">{`Turn on JavaScript to read ${hidden} more ${noun(hidden)}.`}</p>
      </noscript>
      {more.isError && <ErrorBox className="mt-2">{errorMessage(more.error, 'Failed to load comments')}</ErrorBox>}
    </div>
  );
}
