import type { RouteObject } from 'react-router';
import { LoadingText } from '../components/ui/page-state';
import { PublicLayout } from './layout/public-layout';
import { ArticleRoute } from './routes/article';
import { CategoryRoute } from './routes/category';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';
import { SectionRoute } from './routes/section';

/**
 * Every route of the app, for the browser's router (router.tsx) and the server's (entry-server.tsx).
 * The reader routes load with the reader bundle and render on the server; the dashboard is a separate
 * chunk (lazy) that readers never download, and the auth pages are their own chunk too: both render
 * in the browser only.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/article/:id', element: <ArticleRoute /> },
      { path: '/category/:idOrSlug', element: <CategoryRoute /> },
      { path: '/news/:section', element: <SectionRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    path: '/auth',
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingText>Loading...</LoadingText>,
    lazy: async () => {
      const { AuthRoute } = await import('./routes/auth');
      return { Component: AuthRoute };
    },
  },
  {
    path: '/auth/reset-password',
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingText>Loading...</LoadingText>,
    lazy: async () => {
      const { ResetPasswordRoute } = await import('./routes/reset-password');
      return { Component: ResetPasswordRoute };
    },
  },
  {
    path: '/dashboard/*',
    lazy: async () => {
      const { DashboardRoute } = await import('./routes/dashboard');
      return { Component: DashboardRoute };
    },
  },
];
