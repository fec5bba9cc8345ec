import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The browser's router; the server renders the same routes with a static router (entry-server.tsx). */
export const createRouter = () => createBrowserRouter(routes);
