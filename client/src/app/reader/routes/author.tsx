import { useLocation, useParams } from 'react-router';
import { readerPageNumber } from '#shared/page-numbers';
import { ErrorBox } from '#client/components/ui/alert';
import { GoHomeState, LoadingText } from '#client/components/ui/page-state';
import { Pager } from '#client/components/ui/pager';
import { paths } from '#client/config/paths';
import { ArticleGrid } from '#client/features/articles/components/article-grid';
import { useAuthor } from '#client/features/authors/api/get-author';
import { AuthorPhoto } from '#client/features/authors/components/author-photo';
import { isMissing } from '#client/lib/api-client';
import { errorMessage } from '#client/lib/errors';
import { usePageTitle } from '#client/lib/site-settings';
import { AUTHOR_NOT_FOUND } from './author-load';

/**
 * The author page /author/:slug (docs/decisions/049-author-pages.md): name, photo and bio, then their published
 * articles, newest first, with 'Newer articles' and 'More articles' links between the pages (`?page=2`). A chunk of
 * its own: rendered on the server, hydrated once the browser has it.
 */
export function AuthorRoute() {
  const { slug = '' } = useParams();
  // useLocation, not useSearchParams: the reader's initial script has it already.
  const page = readerPageNumber(new URLSearchParams(useLocation().search).get('page')) ?? 1;
  const found = useAuthor(slug, page);
  const author = found.data?.author;
  usePageTitle(author ? (page > 1 ? `${author.name}, page ${page}` : author.name) : null);

  if (found.isPending) return <LoadingText>Loading author...</LoadingText>;
  if (found.isError)
    return isMissing(found.error) ? (
      <GoHomeState title={AUTHOR_NOT_FOUND}>There is no author at this address.</GoHomeState>
    ) : (
      <div className="mx-auto max-w-7xl px-4 py-8">
        <ErrorBox>{errorMessage(found.error, 'Failed to fetch articles')}</ErrorBox>
      </div>
    );
  const { articles } = found.data;
  const shown = articles.pagination.offset + articles.data.length;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="mb-10 flex flex-col items-center gap-4 border-b-2 border-slate-900 pb-8 text-center sm:flex-row sm:items-start sm:text-left">
        <AuthorPhoto author={found.data.author} size={112} />
        <div className="space-y-2">
          <h1 className="font-serif text-3xl font-bold text-slate-900 md:text-4xl">{found.data.author.name}</h1>
          {found.data.author.bio && <p className="max-w-2xl whitespace-pre-line text-slate-700">{found.data.author.bio}</p>}
          <p className="text-sm text-slate-600">
            {articles.pagination.total} {articles.pagination.total === 1 ? 'article' : 'articles'} ·{' '}
            <a href={`${paths.author(found.data.author.slug)}/rss.xml`} className="text-brand underline">
              RSS feed
            </a>
          </p>
        </div>
      </header>
      <h2 className="mb-6 font-serif text-2xl font-bold">{page > 1 ? `Articles, page ${page}` : 'Articles'}</h2>
      <ArticleGrid articles={articles.data} eagerFirst={4} />
      <Pager
        path={paths.author(found.data.author.slug)}
        page={page}
        hasMore={shown < articles.pagination.total}
        label="Article pages"
        newerText="Newer articles"
        moreText="More articles"
      />
    </div>
  );
}
