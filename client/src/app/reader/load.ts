import type { QueryClient } from '@tanstack/react-query';
import type { NonIndexRouteObject, Params, RouteMatch } from 'react-router';
import type { ReaderPage } from '#shared/reader-page';
import { isMissing, type Transport } from '../../lib/api-client';
import { matchReachable } from './route-match';

export type { ReaderPage };

/**
 * What a reader route's `load` is given on the server: the route's params, the render's query cache to fill
 * and the transport its reads go through (the API in process). Each load fills the cache with the same
 * query keys as its page's hooks, so that the page renders complete and the browser, handed the cache,
 * asks for none of it again.
 */
export interface LoadArgs {
  params: Params;
  /** The address's query (`?page=2`). */
  searchParams: URLSearchParams;
  queryClient: QueryClient;
  transport: Transport;
}

/** What a page's load found: the page it shows, or the address it moved to (a permanent redirect). */
export type Loaded =
  | {
      page: ReaderPage;
      /** Something the page shows could not be read: the page says so, and answers 503. */
      failed?: boolean;
    }
  /** `query` replaces the address's query (`''`: none); without it the query goes along. */
  | { redirect: string; query?: string };

/** A route's load. A layout's fills what the layout shows around its pages and answers undefined. */
export type Load = (args: LoadArgs) => Promise<Loaded | undefined>;

/** A route of the app's table (app/routes.tsx): with a `load`, the server renders its pages. */
export type AppRoute = Omit<NonIndexRouteObject, 'children'> & { load?: Load; children?: AppRoute[] };

/** The routes an address matched, outermost first. */
export type AppRouteMatch = RouteMatch<string, AppRoute>;

/**
 * Matches `pathname` on the route table the browser's router uses, once, and runs the matched routes'
 * loads together. The page's own (the deepest match) answers; undefined when the page has none: it renders
 * in the browser only (the dashboard, the auth screens). The matches go with it: the render uses them instead of
 * matching the address again (react-router compiles the table's patterns on each match).
 */
export async function loadRoute(
  routes: AppRoute[],
  url: URL,
  args: Omit<LoadArgs, 'params' | 'searchParams'>,
): Promise<{ loaded: Loaded | undefined; matches: AppRouteMatch[] }> {
  const matches = matchReachable(routes, url.pathname) ?? [];
  const { searchParams } = url;
  const answers = await Promise.all(matches.map(({ route, params }) => route.load?.({ ...args, params, searchParams })));
  return { loaded: answers.at(-1), matches };
}

/** The page of a read that failed: its own not-found page for a 4xx, the error page otherwise. */
export function pageOfFailure(error: unknown, notFoundTitle: string): Loaded {
  return isMissing(error)
    ? { page: { kind: 'not-found', title: notFoundTitle } }
    : { page: { kind: 'not-found', title: 'Error' }, failed: true };
}

/** The HTTP status of a page, from what its load found: the one place the reader's statuses are decided. */
export function statusOf(loaded: Extract<Loaded, { page: ReaderPage }>): number {
  if (loaded.failed) return 503;
  return loaded.page.kind === 'not-found' ? 404 : 200;
}
