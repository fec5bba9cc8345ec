import type { ArticleListItem } from '#shared/types';
import { ArticleCard } from './article-card';

/** Two columns from md; one column of three from lg (two of them from sm below that). */
const HALF = '(min-width: 1280px) 620px, (min-width: 768px) 50vw, 100vw';
const THIRD = '(min-width: 1280px) 410px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/**
 * 'Latest Stories' of the category page (docs/spec/SPEC.md §2): one article as a single wide card, two in two
 * columns, three as one large card beside two compact ones.
 */
export function LatestStories({ articles }: { articles: ArticleListItem[] }) {
  const [first, second, third] = articles;
  if (!first) return null;
  if (!second) return <ArticleCard article={first} variant="wide" eager />;
  if (!third) {
    return (
      <div className="grid gap-6 md:grid-cols-2">
        <ArticleCard article={first} variant="large" eager sizes={HALF} />
        <ArticleCard article={second} variant="large" eager sizes={HALF} />
      </div>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <ArticleCard article={first} variant="large" eager fill className="lg:col-span-2" />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
        <ArticleCard article={second} variant="compact" sizes={THIRD} />
        <ArticleCard article={third} variant="compact" sizes={THIRD} />
      </div>
    </div>
  );
}
