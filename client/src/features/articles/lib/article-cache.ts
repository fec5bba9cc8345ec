import { matchQuery, type QueryClient, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import type { Article, ArticleListItem, Page } from '#shared/types';
import { dashboardKeys, type ArticleListParams } from '#client/lib/dashboard-keys';
import { readerKeys } from '#client/lib/query-keys';
import type { PublishedArticlesFilter } from '../api/get-published-articles';
import type { FeaturedResult } from '../api/update-article-featured';

/**
 * The article caches around a story write (docs/spec/SPEC.md §4). The field the button changes shows at once and is
 * put back if the call fails. The server's answer then replaces the article wherever it is cached, and only
 * the lists whose members the answer changed are read again. The server's own rules (an unpublish or an
 * unmarked story gives up its featured and main slots, a fourth featured story unfeatures the oldest, one
 * main story per section) are not repeated here: their results come in the answer, or with the lists read
 * again.
 */
export type ArticleAction =
  | { kind: 'publish' }
  | { kind: 'unpublish' }
  | { kind: 'story'; value: boolean }
  | { kind: 'featured'; value: boolean }
  | { kind: 'main'; value: boolean }
  | { kind: 'priority' }
  | { kind: 'delete' };

/** The dashboard's featured list, in the order the server featured them (the stories screen): all of them. */
export const FEATURED_LIMIT = 100;
const featuredList = dashboardKeys.publishedList({ featured: true, limit: FEATURED_LIMIT });

/** What the caches an action touches held before it, to put back if the call fails. */
export type Snapshot = [QueryKey, unknown][];

const touchedBy = (id: string): QueryFilters[] => [
  { queryKey: dashboardKeys.articles },
  { queryKey: featuredList, exact: true },
  { queryKey: readerKeys.article(id), exact: true },
];

/** Stops the reads in flight (their answers would undo the change shown) and keeps what the caches held. */
export async function snapshotArticle(queryClient: QueryClient, id: string): Promise<Snapshot> {
  const touched = touchedBy(id);
  await Promise.all(touched.map((filters) => queryClient.cancelQueries(filters)));
  return touched.flatMap((filters) => queryClient.getQueriesData(filters));
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** Every cached copy of the article, each dashboard row and the article read on its own, through `update`. */
function updateCopies(queryClient: QueryClient, id: string, update: (article: Article) => Article): void {
  queryClient.setQueriesData<Page<Article>>({ queryKey: dashboardKeys.articles }, (page) =>
    page?.data.some((a) => a.id === id) ? { ...page, data: page.data.map((a) => (a.id === id ? update(a) : a)) } : page,
  );
  queryClient.setQueryData<Article>(readerKeys.article(id), (article) => article && update(article));
}

function changeShown(article: Article, action: Exclude<ArticleAction, { kind: 'delete' }>): Partial<Article> {
  switch (action.kind) {
    case 'publish':
      return { status: 'published' };
    case 'unpublish':
      return { status: 'unpublished' };
    case 'story':
      return { isStory: action.value };
    case 'featured':
      return { isFeatured: action.value };
    case 'main':
      return { isMainStory: action.value };
    case 'priority':
      return { storyPriority: article.storyPriority + 1 };
  }
}

/** The change the button promises, shown before the server answers. */
export function showChange(queryClient: QueryClient, article: Article, action: ArticleAction): void {
  const { id } = article;
  const without = (page: Page<ArticleListItem> | undefined) => page && { ...page, data: page.data.filter((a) => a.id !== id) };
  if (action.kind === 'delete') {
    queryClient.setQueriesData<Page<Article>>({ queryKey: dashboardKeys.articles }, (page) =>
      page?.data.some((a) => a.id === id)
        ? { data: page.data.filter((a) => a.id !== id), pagination: { ...page.pagination, total: Math.max(0, page.pagination.total - 1) } }
        : page,
    );
    queryClient.setQueryData<Page<ArticleListItem>>(featuredList, without);
    return;
  }
  const change = changeShown(article, action);
  updateCopies(queryClient, id, (cached) => ({ ...cached, ...change }));
  // The stories screen orders its featured stories by this list: a story just featured leads it.
  if (action.kind === 'featured') {
    queryClient.setQueryData<Page<ArticleListItem>>(featuredList, (page) => {
      const rest = without(page);
      return rest && action.value ? { ...rest, data: [{ ...article, ...change }, ...rest.data] } : rest;
    });
  }
}

const dashboardLists = (test: (params: Partial<ArticleListParams>) => boolean): QueryFilters => ({
  queryKey: dashboardKeys.articles,
  predicate: (query) => test((query.queryKey[2] ?? {}) as Partial<ArticleListParams>),
});

/** The reader's published lists (one page or page after page) whose filter passes `test`. */
const readerLists = (test: (filter: PublishedArticlesFilter) => boolean): QueryFilters => ({
  queryKey: readerKeys.published,
  predicate: (query) => test((query.queryKey.at(-1) ?? {}) as PublishedArticlesFilter),
});

/**
 * The server's answer to `action` on `before`: the article as it now is goes into every cached copy, and the
 * lists its change moved it into or out of are read again (those on screen at once, the others when next shown).
 */
export function applyAnswer(
  queryClient: QueryClient,
  before: Article,
  action: ArticleAction,
  answer: Article | FeaturedResult | null,
): Promise<unknown> {
  const lists: QueryFilters[] = [];
  if (action.kind === 'delete' || !answer) {
    // Gone from every list, with its comments and views.
    lists.push(
      { queryKey: dashboardKeys.articles },
      { queryKey: dashboardKeys.published },
      { queryKey: dashboardKeys.stats },
      { queryKey: dashboardKeys.activities },
      { queryKey: dashboardKeys.allComments },
      { queryKey: readerKeys.articles },
    );
  } else {
    const { unfeatured, ...after } = { unfeatured: null, ...answer };
    updateCopies(queryClient, after.id, () => after);
    if (before.status !== after.status) {
      lists.push(
        dashboardLists((params) => params.status !== undefined),
        readerLists(() => true),
        { queryKey: dashboardKeys.stats },
        { queryKey: dashboardKeys.activities },
      );
    }
    if (before.isFeatured !== after.isFeatured || unfeatured) {
      lists.push(
        { queryKey: featuredList, exact: true },
        readerLists((filter) => !!filter.featured),
      );
    }
    if (before.isMainStory !== after.isMainStory) lists.push(readerLists((filter) => !!filter.main));
    // The server changed another story too: the one it unfeatured (named in the answer), or the section's
    // previous main story. Its rows are read again, for its flags and its version.
    if (unfeatured) updateCopies(queryClient, unfeatured.id, (article) => ({ ...article, isFeatured: false }));
    if (unfeatured || (after.isMainStory && !before.isMainStory)) lists.push(dashboardLists(() => true));
  }
  // One invalidation: a list named twice is read once.
  return lists.length
    ? queryClient.invalidateQueries({ predicate: (query) => lists.some((filters) => matchQuery(filters, query)) })
    : Promise.resolve();
}
