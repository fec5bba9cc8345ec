import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { AppRoutes } from './app/routes';
import { createQueryClient, deserializeQueries } from './lib/query-client';
import type { PageState } from './lib/page-state';

/**
 * The app in the browser: the reader pages that hydrate (category and section pages), and the dashboard and the
 * auth screens, which arrive as the bare shell and render here. A hydrated page takes the server's data into its
 * cache and hydrates the markup, asking the API for nothing.
 */
export function start(state: PageState | null): void {
  const container = document.getElementById('root')!;
  const queryClient = createQueryClient();
  const app = (origin: string) => (
    <App queryClient={queryClient} origin={origin}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  );
  if (!state) {
    createRoot(container).render(app(window.location.origin));
    return;
  }
  hydrate(queryClient, deserializeQueries(state.queries));
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for one long task: the page, already painted and readable, stays responsive while it hydrates.
  startTransition(() => {
    hydrateRoot(container, app(state.origin));
  });
}
