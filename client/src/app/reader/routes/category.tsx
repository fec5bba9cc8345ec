import { useNavigate, useParams } from 'react-router';
import { ErrorBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { ArrowLeftIcon } from '#client/components/ui/icons';
import { GoHomeState, LoadingText, PageState } from '#client/components/ui/page-state';
import { paths } from '#client/config/paths';
import { getPublishedArticlesInfiniteQueryOptions, usePublishedArticlesPages } from '#client/features/articles/api/get-published-articles';
import { ArticleGrid } from '#client/features/articles/components/article-grid';
import { LatestStories } from '#client/features/articles/components/latest-stories';
import { splitLatest } from '#client/features/articles/lib/sort';
import { getCategoryQueryOptions, useCategory } from '#client/features/categories/api/get-category';
import { isMissing } from '#client/lib/api-client';
import { errorMessage } from '#client/lib/errors';
import { usePageTitle } from '#client/lib/site-settings';
import { pageOfFailure, type LoadArgs, type Loaded } from '../load';

const CATEGORY_PAGE_SIZE = 27;
const NOT_FOUND = 'Category Not Found';

/**
 * On the server: the category and the first page of its articles; 404 when the read says it is missing.
 * A category is addressed by its slug: its id (the old address) and other spellings move there.
 */
export async function loadCategory({ params, queryClient, transport }: LoadArgs): Promise<Loaded> {
  const idOrSlug = params.idOrSlug ?? '';
  const read = await queryClient.fetchQuery(getCategoryQueryOptions(idOrSlug, transport)).then(
    (category) => ({ category }),
    (error: unknown) => ({ error }),
  );
  if ('error' in read) return pageOfFailure(read.error, NOT_FOUND);
  const { category } = read;
  if (idOrSlug !== category.slug) return { redirect: paths.category(category.slug) };
  const pages = await queryClient
    .fetchInfiniteQuery(getPublishedArticlesInfiniteQueryOptions({ category: category.id, limit: CATEGORY_PAGE_SIZE }, transport))
    .catch(() => null);
  return { page: { kind: 'category', category, articles: pages?.pages[0]?.data ?? [] }, failed: !pages };
}

/** The category page /category/:idOrSlug (docs/spec/SPEC.md §2). */
export function CategoryRoute() {
  const { idOrSlug = '' } = useParams();
  const navigate = useNavigate();
  const category = useCategory(idOrSlug);
  const id = category.data?.id;
  const articles = usePublishedArticlesPages({ category: id, limit: CATEGORY_PAGE_SIZE }, { enabled: !!id });
  const { list } = articles;
  const { total } = articles;
  usePageTitle(category.data ? category.data.name : null);

  if (category.isPending) return <LoadingText>Loading category articles...</LoadingText>;
  if (category.isError && !category.data) {
    if (!isMissing(category.error))
      return <ErrorBox className="mx-auto my-10 max-w-xl">{errorMessage(category.error, 'Failed to fetch articles')}</ErrorBox>;
    return <GoHomeState title={NOT_FOUND}>The category you&apos;re looking for doesn&apos;t exist.</GoHomeState>;
  }

  const { latest, more } = splitLatest(list);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Button
        variant="ghost"
        size="sm"
        className="-ml-2"
        data-go-back=""
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.home))}
      >
        <ArrowLeftIcon width={16} height={16} /> Back
      </Button>
      <div className="mt-2 mb-8 border-b-2 border-slate-900 pb-4">
        <h1 className="font-serif text-3xl font-bold md:text-4xl">{category.data.name}</h1>
        {articles.data && <p className="mt-1 text-slate-600">{total} article(s) found</p>}
      </div>
      {articles.isPending ? (
        <LoadingText>Loading category articles...</LoadingText>
      ) : articles.isError ? (
        <ErrorBox>{errorMessage(articles.error, 'Failed to fetch articles')}</ErrorBox>
      ) : list.length === 0 ? (
        <PageState title="No articles found" as="h2">
          <p>There are no articles in this category yet.</p>
        </PageState>
      ) : (
        <div className="space-y-12">
          <section aria-labelledby="latest-heading">
            <h2 id="latest-heading" className="mb-5 font-serif text-2xl font-bold">
              Latest Stories
            </h2>
            <LatestStories articles={latest} />
          </section>
          {more.length > 0 && (
            <section aria-labelledby="more-heading">
              <h2 id="more-heading" className="mb-5 font-serif text-2xl font-bold">
                More Stories
              </h2>
              <ArticleGrid articles={more} />
            </section>
          )}
          {articles.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => articles.fetchNextPage()}
                disabled={articles.isFetchingNextPage}
                data-load-more={JSON.stringify({ category: id, limit: CATEGORY_PAGE_SIZE })}
                data-next-offset={list.length}
              >
                {articles.isFetchingNextPage ? 'Loading...' : 'Load more stories'}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
