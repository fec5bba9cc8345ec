import type { Article } from '#shared/types';
import { Button } from '#client/components/ui/button';
import { sameCoAuthors } from '../lib/local-copy';
import type { ArticleFormValues } from '../lib/validation';

/** Keyboard focus moves to the news when the form it replaces (and its focused field) is gone. */
const focusOnMount = (el: HTMLElement | null) => el?.focus();

/** The text of an article body, for reading two versions side by side. */
function bodyText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const block of doc.body.querySelectorAll('p, h1, h2, h3, h4, li, blockquote')) block.append('\n');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

function Version({ heading, values, other }: { heading: string; values: ArticleFormValues; other: ArticleFormValues }) {
  const rows: [string, string, boolean][] = [
    ['Title', values.title, values.title !== other.title],
    ['Summary', values.summary, values.summary !== other.summary],
    ['Text', bodyText(values.content), values.content !== other.content],
  ];
  const placement = values.categoryId !== other.categoryId || values.section !== other.section || !sameCoAuthors(values, other);
  return (
    <section aria-label={heading} className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-3">
      <h3 className="font-semibold text-slate-900">{heading}</h3>
      <dl className="space-y-2 text-sm">
        {rows.map(([label, text, differs]) => (
          <div key={label}>
            <dt className="flex items-center gap-2 font-medium text-slate-700">
              {label}
              {differs && <span className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">differs</span>}
            </dt>
            <dd className={`mt-0.5 break-words whitespace-pre-line text-slate-800 ${label === 'Text' ? 'max-h-48 overflow-y-auto' : ''}`}>
              {text || '(empty)'}
            </dd>
          </div>
        ))}
        {placement && <p className="text-xs font-semibold text-amber-900">The category, section or co-authors differ too.</p>}
      </dl>
    </section>
  );
}

/**
 * A save refused because someone else saved the article first (docs/decisions/063-autosave-presence-conflicts.md):
 * both versions side by side, and the choice. Nothing is overwritten until the editor makes it.
 */
export function ConflictPanel({
  mine,
  theirs,
  busy,
  onKeepMine,
  onTakeTheirs,
}: {
  mine: ArticleFormValues;
  theirs: { article: Article; values: ArticleFormValues };
  busy: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
}) {
  return (
    <div className="space-y-3">
      <p
        ref={focusOnMount}
        tabIndex={-1}
        role="alert"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 focus:outline-none"
      >
        Someone else changed this article since you opened it, so your changes were not saved. Nothing was overwritten: compare the two
        versions, then keep yours or take theirs.
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        <Version heading="Your version" values={mine} other={theirs.values} />
        <Version heading={`Their version (v${theirs.article.version})`} values={theirs.values} other={mine} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onTakeTheirs} disabled={busy}>
          Take theirs
        </Button>
        <Button variant="primary" onClick={onKeepMine} disabled={busy}>
          {busy ? 'Saving…' : 'Keep mine'}
        </Button>
      </div>
    </div>
  );
}
