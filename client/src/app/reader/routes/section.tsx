import { useParams } from 'react-router';
import { ErrorBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { GoHomeState, LoadingText, PageState } from '#client/components/ui/page-state';
import { paths } from '#client/config/paths';
import { getPublishedArticlesInfiniteQueryOptions, usePublishedArticlesPages } from '#client/features/articles/api/get-published-articles';
import { ArticleGrid } from '#client/features/articles/components/article-grid';
import { sectionFromPath } from '#client/features/articles/lib/sections';
import { errorMessage } from '#client/lib/errors';
import { usePageTitle } from '#client/lib/site-settings';
import type { LoadArgs, Loaded } from '../load';
import { sectionPageName } from '#shared/reader-page';

const SECTION_PAGE_SIZE = 24;
const NOT_FOUND = 'Section Not Found';

/** On the server: the first page of the section's articles; 404 for a name that is no section, and its lowercase address for another spelling. */
export async function loadSection({ params, queryClient, transport }: LoadArgs): Promise<Loaded> {
  const name = params.section ?? '';
  const section = sectionFromPath(name);
  if (!section) return { page: { kind: 'not-found', title: NOT_FOUND } };
  const canonical = name.trim().toLowerCase();
  if (name !== canonical) return { redirect: paths.section(canonical) };
  const pages = await queryClient
    .fetchInfiniteQuery(getPublishedArticlesInfiniteQueryOptions({ section: section.section, limit: SECTION_PAGE_SIZE }, transport))
    .catch(() => null);
  return {
    page: { kind: 'section', section: { path: paths.section(canonical), heading: section.heading }, articles: pages?.pages[0]?.data ?? [] },
    failed: !pages,
  };
}

/** The section page /news/:section (docs/spec/SPEC.md §2). */
export function SectionRoute() {
  const { section: name } = useParams();
  const section = sectionFromPath(name);
  const articles = usePublishedArticlesPages({ section: section?.section, limit: SECTION_PAGE_SIZE }, { enabled: !!section });
  const { list } = articles;
  usePageTitle(section ? sectionPageName(section.heading) : null);

  if (!section) {
    return <GoHomeState title={NOT_FOUND}>The section you&apos;re looking for doesn&apos;t exist.</GoHomeState>;
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-8 border-b-2 border-slate-900 pb-4 font-serif text-3xl font-bold md:text-4xl">{section.heading}</h1>
      {articles.isPending ? (
        <LoadingText>Loading section articles...</LoadingText>
      ) : articles.isError ? (
        <ErrorBox>{errorMessage(articles.error, 'Failed to fetch articles')}</ErrorBox>
      ) : list.length === 0 ? (
        <PageState title="No articles found" as="h2">
          <p>There are no published articles in this section yet.</p>
        </PageState>
      ) : (
        <>
          <h2 className="sr-only">Articles</h2>
          <ArticleGrid articles={list} eagerFirst={4} />
          {articles.hasNextPage && (
            <div className="mt-10 flex justify-center">
              <Button
                variant="secondary"
                onClick={() => articles.fetchNextPage()}
                disabled={articles.isFetchingNextPage}
                data-load-more={JSON.stringify({ section: section.section, limit: SECTION_PAGE_SIZE })}
                data-next-offset={list.length}
              >
                {articles.isFetchingNextPage ? 'Loading...' : 'Load more stories'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
