import { Link } from '#client/components/ui/link';
import type { ArticleListItem } from '#shared/types';
import { ArrowRightIcon } from '#client/components/ui/icons';
import { ArticleCard, ArticleRow } from './article-card';
import { ArticleCardSkeleton, ArticleRowSkeleton } from './card-skeletons';

interface StoryBlockProps {
  title: string;
  viewAllTo: string;
  articles: ArticleListItem[] | undefined;
  isPending: boolean;
}

/**
 * The Sports and Editorials & Opinions blocks of the home page (docs/spec/SPEC.md §2): the first article large, the
 * next three as rows, a 'View All' link. Hidden when the block has no articles.
 */
export function StoryBlock({ title, viewAllTo, articles, isPending }: StoryBlockProps) {
  const headingId = `block-${title.toLowerCase().replace(/\W+/g, '-')}`;
  if (!isPending && (!articles || articles.length === 0)) return null;
  const [lead, ...rest] = articles ?? [];
  return (
    <section aria-labelledby={headingId} aria-busy={isPending || undefined} className="flex flex-col gap-4">
      <div className="flex items-end justify-between gap-4 border-b-2 border-slate-900 pb-2">
        <h2 id={headingId} className="font-serif text-2xl font-bold">
          {title}
        </h2>
        <Link
          to={viewAllTo}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand hover:underline"
          aria-label={`View All: ${title}`}
        >
          View All <ArrowRightIcon width={16} height={16} />
        </Link>
      </div>
      {isPending || !lead ? (
        <>
          <ArticleCardSkeleton />
          <div className="space-y-1">
            <ArticleRowSkeleton />
            <ArticleRowSkeleton />
            <ArticleRowSkeleton />
          </div>
        </>
      ) : (
        <>
          {/* Two blocks side by side from lg: half the page each. */}
          <ArticleCard article={lead} variant="large" sizes="(min-width: 1280px) 620px, (min-width: 1024px) 50vw, 100vw" />
          {rest.length > 0 && (
            <div className="divide-y divide-slate-200">
              {rest.slice(0, 3).map((a) => (
                <ArticleRow key={a.id} article={a} />
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
