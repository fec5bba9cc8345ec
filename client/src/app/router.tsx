import { createBrowserRouter } from 'react-router';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';

export const router = createBrowserRouter([
  { path: '/', element: <HomeRoute /> },
  { path: '*', element: <NotFoundRoute /> },
]);
