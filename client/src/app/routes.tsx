import { Suspense, lazy, useLayoutEffect, type ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigationType } from 'react-router';
import { LoadingText } from '../components/ui/page-state';
import { PublicLayout } from './reader/public-layout';
import { ArticleRoute } from './reader/routes/article';
import { CategoryRoute } from './reader/routes/category';
import { HomeRoute } from './reader/routes/home';
import { NotFoundRoute } from './reader/routes/not-found';
import { RouteErrorBoundary } from './reader/routes/route-error';
import { SectionRoute } from './reader/routes/section';

// The dashboard is a separate chunk that readers never download; the auth pages are their own chunk too
// (most readers never open them). Both render in the browser only.
const AuthRoute = lazy(() => import('./reader/routes/auth').then((m) => ({ default: m.AuthRoute })));
const ResetPasswordRoute = lazy(() => import('./reader/routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })));
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
  const { pathname } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

/**
 * Every route of the app, the same in the browser (BrowserRouter, main.tsx) and on the server
 * (StaticRouter, entry-server.tsx). The reader routes load with the reader bundle and render on the
 * server. Declarative routes: the reader needs no loaders, and the data router would cost readers
 * ~20 KB of script (docs/decisions/025-server-rendering.md).
 */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route
          element={
            <RouteErrorBoundary>
              <PublicLayout />
            </RouteErrorBoundary>
          }
        >
          <Route path="/" element={<HomeRoute />} />
          <Route path="/article/:id" element={<ArticleRoute />} />
          <Route path="/category/:idOrSlug" element={<CategoryRoute />} />
          <Route path="/news/:section" element={<SectionRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
        <Route
          path="/auth"
          element={
            <Loading>
              <AuthRoute />
            </Loading>
          }
        />
        <Route
          path="/auth/reset-password"
          element={
            <Loading>
              <ResetPasswordRoute />
            </Loading>
          }
        />
        <Route
          path="/dashboard/*"
          element={
            <Loading>
              <DashboardRoute />
            </Loading>
          }
        />
      </Routes>
    </>
  );
}
