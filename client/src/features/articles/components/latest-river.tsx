import type { HomeArticles } from '#shared/types';
import { Pager } from '#client/components/ui/pager';
import { paths } from '#client/config/paths';
import { ArticleRow } from './article-card';

/**
 * The Latest river (docs/decisions/050-latest-river.md): the newest published articles that no block above shows,
 * as rows, two columns from sm, with 'Newer news' and 'More news' links to the river's other pages (`/?page=2`).
 */
export function LatestRiver({ latest, page }: { latest: HomeArticles['latest']; page: number }) {
  const { data, pagination } = latest;
  if (page === 1 && data.length === 0) return null;
  return (
    <section aria-labelledby="latest-heading">
      <h2 id="latest-heading" className="mb-4 border-b-2 border-slate-900 pb-2 font-serif text-2xl font-bold">
        {page > 1 ? `Latest, page ${page}` : 'Latest'}
      </h2>
      <ul className="grid gap-x-8 gap-y-1 sm:grid-cols-2">
        {data.map((a) => (
          <li key={a.id}>
            <ArticleRow article={a} />
          </li>
        ))}
      </ul>
      <Pager
        path={paths.home}
        page={page}
        hasMore={pagination.offset + data.length < pagination.total}
        label="Latest pages"
        newerText="Newer news"
        moreText="More news"
      />
    </section>
  );
}
