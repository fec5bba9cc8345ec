import type { ArticleListItem } from '#shared/types';
import { cn } from '#client/lib/cn';
import { ArticleCard } from './article-card';

/** A dense grid of small cards: 2 columns on small screens, 4 on large (docs/spec/SPEC.md §2). */
export function ArticleGrid({
  articles,
  className,
  eagerFirst = 0,
}: {
  articles: ArticleListItem[];
  className?: string;
  eagerFirst?: number;
}) {
  return (
    // `data-grid`: where a page that is not hydrated adds the cards "Load more stories" brings (islands/load-more.ts).
    <div data-grid="" className={cn('grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 md:gap-6 lg:grid-cols-4', className)}>
      {articles.map((a, i) => (
        <ArticleCard key={a.id} article={a} variant="compact" eager={i < eagerFirst} />
      ))}
    </div>
  );
}
