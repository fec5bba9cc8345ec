import { Suspense, lazy, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { renderMatches, useLocation, useNavigationType, useRoutes } from 'react-router';
import { LoadingText } from '../components/ui/page-state';
import { routePatterns } from '../config/paths';
import type { AppRoute, AppRouteMatch, LoadArgs } from './reader/load';
import { PublicLayout, loadPublicLayout } from './reader/public-layout';
import { ArticleRoute, loadArticle } from './reader/routes/article';
import { HomeRoute } from './reader/routes/home';
import { NotFoundRoute, loadNotFound } from './reader/routes/not-found';
import { RouteErrorBoundary } from './reader/routes/route-error';

// The dashboard is a separate chunk that readers never download; the auth pages are their own chunk too
// (most readers never open them). Both render in the browser only.
const AuthRoute = lazy(() => import('./reader/routes/auth').then((m) => ({ default: m.AuthRoute })));
const ResetPasswordRoute = lazy(() => import('./reader/routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })));
// Author pages are rendered on the server but are a chunk of their own in the browser: the reader's initial script
// stays within its budget, and the page's server HTML stays in place until the chunk has hydrated it.
const AuthorRoute = lazy(() => import('./reader/routes/author').then((m) => ({ default: m.AuthorRoute })));
// Category and section pages likewise: most visits start on the home page or an article.
const CategoryRoute = lazy(() => import('./reader/routes/category').then((m) => ({ default: m.CategoryRoute })));
const SectionRoute = lazy(() => import('./reader/routes/section').then((m) => ({ default: m.SectionRoute })));
// The corrections page likewise (docs/decisions/062-corrections.md).
const CorrectionsRoute = lazy(() => import('./reader/routes/corrections').then((m) => ({ default: m.CorrectionsRoute })));
// Static pages (About, Privacy…): rarely a first visit, so a chunk of their own too.
// Search likewise (docs/decisions/065-search.md).
const SearchRoute = lazy(() => import('./reader/routes/search').then((m) => ({ default: m.SearchRoute })));
// Newsletters likewise (docs/decisions/069-newsletters.md).
const NewslettersRoute = lazy(() => import('./reader/routes/newsletters').then((m) => ({ default: m.NewslettersRoute })));
const NewsletterConfirmRoute = lazy(() => import('./reader/routes/newsletters').then((m) => ({ default: m.NewsletterConfirmRoute })));
const NewsletterPreferencesRoute = lazy(() =>
  import('./reader/routes/newsletters').then((m) => ({ default: m.NewsletterPreferencesRoute })),
);
const StaticPageRoute = lazy(() => import('./reader/routes/static-page').then((m) => ({ default: m.StaticPageRoute })));
const DashboardRoute = lazy(() => import('./dashboard/dashboard-route').then((m) => ({ default: m.DashboardRoute })));

function Loading({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<LoadingText>Loading...</LoadingText>}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** A new page starts at the top; back and forward leave the browser to restore the position. */
function ScrollToTop() {
  // The search too: `/?page=2` is another page of the home page's river.
  const { pathname, search } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, search, type]);
  return null;
}

/**
 * The head follows in-app navigation: the first page's came with its HTML; from the first move on, a chunk
 * of its own (lib/head-sync.ts) puts each page's in place, as the server writes it.
 */
function HeadSync() {
  const { pathname, search } = useLocation();
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return void (moved.current = true);
    void import('../lib/head-sync').then((m) => m.syncHead(pathname + search));
  }, [pathname, search]);
  return null;
}

/** The loads run on the server only: the browser's build leaves them out, so readers download none. */
const loads = import.meta.env.SSR
  ? {
      layout: loadPublicLayout,
      // Imported when asked for, like the author page's: the reader's initial script need not carry what they import.
      home: (args: LoadArgs) => import('./reader/routes/home-load').then((m) => m.loadHome(args)),
      article: loadArticle,
      category: (args: LoadArgs) => import('./reader/routes/category').then((m) => m.loadCategory(args)),
      section: (args: LoadArgs) => import('./reader/routes/section').then((m) => m.loadSection(args)),
      // Imported when asked for: a static import would put the author page's reads in the reader's initial script.
      author: (args: LoadArgs) => import('./reader/routes/author-load').then((m) => m.loadAuthor(args)),
      corrections: (args: LoadArgs) => import('./reader/routes/corrections-load').then((m) => m.loadCorrections(args)),
      search: (args: LoadArgs) => import('./reader/routes/search-load').then((m) => m.loadSearch(args)),
      newsletters: (args: LoadArgs) => import('./reader/routes/newsletters-load').then((m) => m.loadNewsletters(args)),
      newsletterConfirm: () => import('./reader/routes/newsletters-load').then((m) => m.loadNewsletterConfirm()),
      newsletterPreferences: (args: LoadArgs) => import('./reader/routes/newsletters-load').then((m) => m.loadNewsletterPreferences(args)),
      page: (args: LoadArgs) => import('./reader/routes/static-page').then((m) => m.loadStaticPage(args)),
      notFound: loadNotFound,
    }
  : undefined;

/**
 * Every route of the app, the same in the browser (BrowserRouter, main.tsx) and on the server
 * (StaticRouter, entry-server.tsx). A reader route carries its `load`: the server matches an address on
 * this table once, runs the matched loads for the page's data and status (./reader/load.ts), then renders
 * it. A route without one (the dashboard, the auth screens) renders in the browser only. Declarative
 * routes: the browser runs no loads (the pages' own queries read what they show), and the data router
 * would cost readers ~20 KB of script (docs/decisions/025-server-rendering.md).
 */
export const appRoutes: AppRoute[] = [
  {
    element: (
      <RouteErrorBoundary>
        <PublicLayout />
      </RouteErrorBoundary>
    ),
    load: loads?.layout,
    children: [
      { path: routePatterns.home, element: <HomeRoute />, load: loads?.home },
      { path: routePatterns.article, element: <ArticleRoute />, load: loads?.article },
      {
        path: routePatterns.category,
        element: (
          <Loading>
            <CategoryRoute />
          </Loading>
        ),
        load: loads?.category,
      },
      {
        path: routePatterns.section,
        element: (
          <Loading>
            <SectionRoute />
          </Loading>
        ),
        load: loads?.section,
      },
      {
        path: routePatterns.author,
        element: (
          <Loading>
            <AuthorRoute />
          </Loading>
        ),
        load: loads?.author,
      },
      {
        path: routePatterns.corrections,
        element: (
          <Loading>
            <CorrectionsRoute />
          </Loading>
        ),
        load: loads?.corrections,
      },
      {
        path: routePatterns.search,
        element: (
          <Loading>
            <SearchRoute />
          </Loading>
        ),
        load: loads?.search,
      },
      {
        path: routePatterns.newsletters,
        element: (
          <Loading>
            <NewslettersRoute />
          </Loading>
        ),
        load: loads?.newsletters,
      },
      {
        path: routePatterns.newsletterPreferences,
        element: (
          <Loading>
            <NewsletterPreferencesRoute />
          </Loading>
        ),
        load: loads?.newsletterPreferences,
      },
      {
        path: routePatterns.newsletterConfirm,
        element: (
          <Loading>
            <NewsletterConfirmRoute />
          </Loading>
        ),
        load: loads?.newsletterConfirm,
      },
      {
        path: routePatterns.page,
        element: (
          <Loading>
            <StaticPageRoute />
          </Loading>
        ),
        load: loads?.page,
      },
      { path: routePatterns.any, element: <NotFoundRoute />, load: loads?.notFound },
    ],
  },
  {
    path: routePatterns.auth,
    element: (
      <Loading>
        <AuthRoute />
      </Loading>
    ),
  },
  {
    path: routePatterns.resetPassword,
    element: (
      <Loading>
        <ResetPasswordRoute />
      </Loading>
    ),
  },
  {
    path: routePatterns.dashboard,
    element: (
      <Loading>
        <DashboardRoute />
      </Loading>
    ),
  },
];

function Routed({ page }: { page: ReactNode }) {
  return (
    <>
      <ScrollToTop />
      <HeadSync />
      {page}
    </>
  );
}

/** The app's pages: the route the address matches. */
export function AppRoutes() {
  return <Routed page={useRoutes(appRoutes)} />;
}

/** The same on the server, for the routes the page's load matched (app/reader/load.ts): the address is matched once. */
export function MatchedRoutes({ matches }: { matches: AppRouteMatch[] }) {
  return <Routed page={renderMatches(matches)} />;
}
