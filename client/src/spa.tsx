import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { AppRoutes } from './app/routes';
import { createQueryClient } from './lib/query-client';

/**
 * The app in the browser: the dashboard and the auth screens, which arrive as the bare shell and render here, and the
 * reader pages they move to by themselves (each with its head: app/routes.tsx). Reader pages the server sent are not
 * hydrated: their islands run instead (main.tsx, docs/decisions/054-reader-islands.md).
 */
export function start(): void {
  createRoot(document.getElementById('root')!).render(
    <App queryClient={createQueryClient()} origin={window.location.origin}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>,
  );
}
