import { useQuery } from '#client/lib/query-hooks';
import { useState, type FormEvent } from 'react';
import { LIMITS } from '#shared/constants';
import { correctionInputSchema } from '#shared/schemas/articles';
import type { Article } from '#shared/types';
import { Button } from '#client/components/ui/button';
import { TextArea } from '#client/components/ui/field';
import { FormDialog } from '#client/components/ui/form-dialog';
import { useFormSubmit } from '#client/components/ui/use-form-submit';
import { useDashboardUser } from '#client/lib/dashboard-user';
import { formatShortDate } from '#client/lib/dates';
import { useAddCorrection } from '../api/add-correction';
import { getArticleQueryOptions } from '../api/get-article';

/** An editor's correction of a published article (POST /api/articles/:id/corrections): public at once, and for good. */
function AddCorrectionDialog({ article, onClose }: { article: Article; onClose(): void }) {
  const add = useAddCorrection();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { formError, succeeded, save } = useFormSubmit(onClose, 'article');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = correctionInputSchema.safeParse({ text });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    await save(() => add.mutateAsync({ id: article.id, text: checked.data.text }), 'Correction published.', 'Failed to add the correction');
  };
  return (
    <FormDialog
      title="Add Correction"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      busy={{ pending: add.isPending, succeeded }}
      formError={formError}
      submitLabel="Publish Correction"
      pendingLabel="Publishing…"
    >
      <p className="text-sm text-slate-700">
        Readers see it, dated today, at the end of “{article.title}” and on the Corrections page. A correction cannot be taken back: fix the
        article’s text too, then say here what was wrong.
      </p>
      <TextArea
        label="Correction"
        rows={4}
        value={text}
        maxLength={LIMITS.correctionMax}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
        error={error}
        hint="For example: An earlier version of this article gave the wrong date for the vote. It is on March 4."
        data-autofocus
      />
    </FormDialog>
  );
}

/**
 * An article's corrections in its details (docs/decisions/062-corrections.md), read from the article itself (lists do
 * not carry them), and for editors, while it is published, the button that adds one.
 */
export function CorrectionsPanel({ article }: { article: Article }) {
  const { can } = useDashboardUser();
  // Only an article that was published once can have any.
  const read = useQuery({ ...getArticleQueryOptions(article.id), enabled: article.publishedAt !== null });
  const [adding, setAdding] = useState(false);
  const corrections = read.data?.corrections ?? [];
  const mayAdd = can.correctArticles && article.status === 'published';
  if (article.publishedAt === null || (!mayAdd && corrections.length === 0)) return null;
  return (
    <section aria-labelledby="corrections-panel" className="space-y-2">
      <div className="flex items-center gap-3">
        <h3 id="corrections-panel" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
          Corrections
        </h3>
        {mayAdd && (
          <Button size="xs" variant="secondary" onClick={() => setAdding(true)}>
            Add Correction
          </Button>
        )}
      </div>
      {read.isPending ? (
        <p className="text-sm text-slate-500">Loading corrections…</p>
      ) : read.isError ? (
        <p className="text-sm text-red-600">Failed to load the corrections.</p>
      ) : corrections.length === 0 ? (
        <p className="text-sm text-slate-500">No corrections.</p>
      ) : (
        <ul className="space-y-1">
          {corrections.map((c) => (
            <li key={c.id} className="text-sm whitespace-pre-line text-slate-800">
              <span className="font-semibold">{formatShortDate(c.createdAt)}</span>: {c.text}
            </li>
          ))}
        </ul>
      )}
      {adding && <AddCorrectionDialog article={article} onClose={() => setAdding(false)} />}
    </section>
  );
}
