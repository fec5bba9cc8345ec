import { bylineText, writtenBy } from '#shared/byline';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LIMITS } from '#shared/constants';
import { sendBackInputSchema } from '#shared/schemas/articles';
import type { Article } from '#shared/types';
import { Button } from '#client/components/ui/button';
import { FormDialog } from '#client/components/ui/form-dialog';
import { TextArea } from '#client/components/ui/field';
import { useConfirmAction } from '#client/components/ui/use-confirm-action';
import { useFormSubmit } from '#client/components/ui/use-form-submit';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { refetchArticleLists } from '../api/refetch-article-lists';
import { useReviewStep } from '../api/review-article';

/** An editor's note to the author, sent with the article back to its drafts (POST /api/articles/:id/send-back). */
function SendBackDialog({ article, onClose }: { article: Article; onClose(): void }) {
  const queryClient = useQueryClient();
  const step = useReviewStep({ refetch: false });
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  // The dialog lives in the article's row, which leaves the queue once the lists are read again: that waits until it closed.
  const close = () => {
    onClose();
    void refetchArticleLists(queryClient, 'full');
  };
  const { formError, succeeded, save } = useFormSubmit(close, 'article');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = sendBackInputSchema.safeParse({ note });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    await save(
      () => step.mutateAsync({ id: article.id, step: 'send-back', note: checked.data.note }),
      'Article sent back to its author.',
      'Failed to send the article back',
    );
  };
  return (
    <FormDialog
      title="Send Back"
      onClose={close}
      onSubmit={(e) => void submit(e)}
      busy={{ pending: step.isPending, succeeded }}
      formError={formError}
      submitLabel="Send Back"
      pendingLabel="Sending…"
    >
      <p className="text-sm text-slate-700">
        “{article.title}” goes back to {bylineText(article)}’s drafts with your note, which they see on the article and their dashboard.
      </p>
      <TextArea
        label="Note to the author"
        rows={4}
        value={note}
        maxLength={LIMITS.reviewNoteMax}
        onChange={(e) => {
          setNote(e.target.value);
          setError(undefined);
        }}
        error={error}
        hint="What to change before it can be published."
        data-autofocus
      />
    </FormDialog>
  );
}

/**
 * The review's steps for one article (docs/decisions/058-review.md), as the signed-in member of staff may take them:
 * its author submits a draft (or an unpublished article) and withdraws it; an editor sends it back with a note.
 * Publishing is the publish button's.
 */
export function ReviewActions({ article }: { article: Article }) {
  const { user, can } = useDashboardUser();
  const step = useReviewStep();
  const confirmAction = useConfirmAction();
  const [sendingBack, setSendingBack] = useState(false);
  // Its author's or a co-author's (docs/decisions/064-co-authors.md).
  const mine = writtenBy(article, user.id);
  const name = `“${article.title}”`;
  const busy = step.isPending;

  const submit = () =>
    confirmAction({
      title: 'Submit for Review',
      message: `Submit ${name} for review? An editor will publish it or send it back to you with a note.`,
      confirmLabel: 'Submit',
      action: () => step.mutateAsync({ id: article.id, step: 'submit' }),
      success: 'Article submitted for review.',
      failure: 'Failed to submit the article',
    });
  const withdraw = () =>
    confirmAction({
      title: 'Withdraw from Review',
      message: `Withdraw ${name} from review? It goes back to the drafts.`,
      confirmLabel: 'Withdraw',
      action: () => step.mutateAsync({ id: article.id, step: 'withdraw' }),
      success: 'Article withdrawn from review.',
      failure: 'Failed to withdraw the article',
    });

  return (
    <>
      {can.submitArticles && mine && (article.status === 'draft' || article.status === 'unpublished') && (
        <Button size="xs" variant="primary" disabled={busy} onClick={() => void submit()} aria-label={`Submit ${name} for review`}>
          Submit for Review
        </Button>
      )}
      {can.submitArticles && mine && article.status === 'review' && (
        <Button size="xs" variant="secondary" disabled={busy} onClick={() => void withdraw()} aria-label={`Withdraw ${name} from review`}>
          Withdraw
        </Button>
      )}
      {can.reviewArticles && article.status === 'review' && (
        <Button
          size="xs"
          variant="secondary"
          disabled={busy}
          onClick={() => setSendingBack(true)}
          aria-label={`Send ${name} back to its author`}
        >
          Send Back
        </Button>
      )}
      {sendingBack && <SendBackDialog article={article} onClose={() => setSendingBack(false)} />}
    </>
  );
}

/** The editor's note on an article sent back to its author, where the author reads it. */
export function ReviewNote({ article }: { article: Pick<Article, 'reviewNote' | 'status'> }) {
  if (!article.reviewNote || (article.status !== 'draft' && article.status !== 'unpublished')) return null;
  return (
    <div
      role="note"
      aria-label="Sent back by an editor"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">Sent back by an editor</p>
      <p className="mt-1 whitespace-pre-line">{article.reviewNote}</p>
    </div>
  );
}
