import { createBrowserRouter } from 'react-router';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

/**
 * Public routes load with the reader bundle; the dashboard is a separate chunk (lazy) that readers
 * never download.
 */
export const router = createBrowserRouter([
  { path: '/', element: <HomeRoute /> },
  {
    path: '/dashboard/*',
    lazy: async () => {
      const { DashboardRoute } = await import('./routes/dashboard');
      return { Component: DashboardRoute };
    },
  },
  { path: '*', element: <NotFoundRoute /> },
]);
