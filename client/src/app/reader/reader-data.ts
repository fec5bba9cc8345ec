import type { QueryClient } from '@tanstack/react-query';
import type { ReaderPage } from '../../../../shared/reader-page';
import type { Article, Category } from '../../../../shared/types';
import { paths } from '../../config/paths';
import { getArticleQueryOptions } from '../../features/articles/api/get-article';
import {
  getPublishedArticlesInfiniteQueryOptions,
  getPublishedArticlesQueryOptions,
} from '../../features/articles/api/get-published-articles';
import { sectionFromPath } from '../../features/articles/lib/sections';
import { getBreakingNewsQueryOptions } from '../../features/breaking-news/api/get-breaking-news';
import { getCategoriesQueryOptions } from '../../features/categories/api/get-categories';
import { getCategoryQueryOptions } from '../../features/categories/api/get-category';
import { getCommentsQueryOptions } from '../../features/comments/api/get-comments';
import { getViewStatsQueryOptions } from '../../features/views/api/get-view-stats';
import { ApiError } from '../../lib/api-client';
import { homeLists } from './routes/home';
import { CATEGORY_PAGE_SIZE } from './routes/category';
import { SECTION_PAGE_SIZE } from './routes/section';

export type { ReaderPage };

export type ReaderRoute =
  /** A page the server renders: its status and what it shows. */
  | { render: true; status: number; page: ReaderPage }
  /** The page moved: a permanent redirect. */
  | { render: false; redirect: string }
  /** A page the browser renders (the dashboard, the auth screens). */
  | { render: false; redirect?: undefined };

const isMissing = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;

function segment(pathname: string, prefix: string): string | null {
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length);
  if (!rest || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}

/**
 * Fills `queryClient` with everything the page at `pathname` shows, with the same query keys as the
 * components' hooks, so that the server renders the page complete and the browser, handed the cache,
 * asks for none of it again. Decides the status: 404 for what does not exist (or is not published),
 * a redirect for an old address, 503 when the data could not be read.
 */
export async function loadReaderRoute(pathname: string, queryClient: QueryClient): Promise<ReaderRoute> {
  if (pathname === paths.auth || pathname.startsWith(`${paths.auth}/`)) return { render: false };
  if (pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`)) return { render: false };

  // Every reader page shows the ticker and the categories in the header and footer.
  await Promise.all([queryClient.prefetchQuery(getBreakingNewsQueryOptions()), queryClient.prefetchQuery(getCategoriesQueryOptions())]);

  if (pathname === paths.home) {
    const [main] = await Promise.all([
      queryClient.fetchQuery(getPublishedArticlesQueryOptions(homeLists.main)).catch(() => null),
      queryClient.prefetchQuery(getPublishedArticlesQueryOptions(homeLists.featured)),
      queryClient.prefetchQuery(getPublishedArticlesQueryOptions(homeLists.sports)),
      queryClient.prefetchQuery(getPublishedArticlesQueryOptions(homeLists.opinions)),
    ]);
    return withFailures(queryClient, { render: true, status: 200, page: { kind: 'home', mainStory: main?.data[0] ?? null } });
  }

  const articleId = segment(pathname, '/article/');
  if (articleId !== null) {
    const article = await queryClient.fetchQuery(getArticleQueryOptions(articleId)).catch((err: unknown) => err);
    if (isMissing(article)) return { render: true, status: 404, page: { kind: 'not-found', title: 'Article Not Found' } };
    if (article instanceof Error) return { render: true, status: 503, page: { kind: 'not-found', title: 'Error' } };
    const found = article as Article;
    await Promise.all([
      queryClient.prefetchQuery(getViewStatsQueryOptions(found.id)),
      queryClient.prefetchInfiniteQuery(getCommentsQueryOptions(found.id)),
    ]);
    return { render: true, status: 200, page: { kind: 'article', article: found } };
  }

  const idOrSlug = segment(pathname, '/category/');
  if (idOrSlug !== null) {
    const category = await queryClient.fetchQuery(getCategoryQueryOptions(idOrSlug)).catch((err: unknown) => err);
    if (isMissing(category)) return { render: true, status: 404, page: { kind: 'not-found', title: 'Category Not Found' } };
    if (category instanceof Error) return { render: true, status: 503, page: { kind: 'not-found', title: 'Error' } };
    const found = category as Category;
    // A category is addressed by its slug; its id (the old address) and other spellings move there.
    if (idOrSlug !== found.slug) return { render: false, redirect: paths.category(found.slug) };
    const pages = await queryClient
      .fetchInfiniteQuery(getPublishedArticlesInfiniteQueryOptions({ category: found.id, limit: CATEGORY_PAGE_SIZE }))
      .catch(() => null);
    const page: ReaderPage = { kind: 'category', category: found, articles: pages?.pages[0]?.data ?? [] };
    return withFailures(queryClient, { render: true, status: 200, page });
  }

  const sectionName = segment(pathname, '/news/');
  if (sectionName !== null) {
    const section = sectionFromPath(sectionName);
    if (!section) return { render: true, status: 404, page: { kind: 'not-found', title: 'Section Not Found' } };
    const canonical = sectionName.trim().toLowerCase();
    if (sectionName !== canonical) return { render: false, redirect: paths.section(canonical) };
    const pages = await queryClient
      .fetchInfiniteQuery(getPublishedArticlesInfiniteQueryOptions({ section: section.section, limit: SECTION_PAGE_SIZE }))
      .catch(() => null);
    const page: ReaderPage = {
      kind: 'section',
      section: { path: paths.section(canonical), heading: section.heading },
      articles: pages?.pages[0]?.data ?? [],
    };
    return withFailures(queryClient, { render: true, status: 200, page });
  }

  return { render: true, status: 404, page: { kind: 'not-found' } };
}

/** A page whose main lists could not be read says so, with 503: a crawler keeps the copy it has. */
function withFailures(queryClient: QueryClient, route: ReaderRoute & { render: true }): ReaderRoute {
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .some((q) => q.queryKey[0] === 'articles' && q.state.status === 'error' && !isMissing(q.state.error));
  return failed ? { ...route, status: 503 } : route;
}
