import type { Correction } from '#shared/types';
import { LongDate } from '#client/components/ui/dates';

/**
 * The corrections at the end of an article (docs/decisions/062-corrections.md), oldest first, each dated: what readers
 * were told wrong, and what is right.
 */
export function ArticleCorrections({ corrections, headingLevel = 2 }: { corrections: Correction[]; headingLevel?: 2 | 3 }) {
  if (corrections.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="article-corrections" className="rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3">
      <Heading id="article-corrections" className="font-serif text-lg font-bold text-slate-900">
        {corrections.length === 1 ? 'Correction' : 'Corrections'}
      </Heading>
      <ul className="mt-2 space-y-2">
        {corrections.map((c) => (
          <li key={c.id} className="text-sm leading-relaxed whitespace-pre-line text-slate-800">
            <LongDate value={c.createdAt} className="font-semibold" />: {c.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
