import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { AppRoutes } from './app/routes';
import { STATE_ELEMENT_ID, createQueryClient, deserializeQueries, type PageState } from './lib/query-client';
import './reader.css';

/**
 * The browser's entry. A reader page arrives rendered, with the data it was rendered from: the browser
 * takes that data into its cache and hydrates the markup, asking the API for nothing. The dashboard and
 * the auth screens arrive as the bare shell and render here.
 */
const container = document.getElementById('root')!;
const queryClient = createQueryClient();
const stateElement = document.getElementById(STATE_ELEMENT_ID);

if (stateElement?.textContent) {
  const state = JSON.parse(stateElement.textContent) as PageState;
  hydrate(queryClient, deserializeQueries(state.queries));
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for one long task: the page, already painted and readable, stays responsive while it hydrates.
  startTransition(() => {
    hydrateRoot(
      container,
      <App queryClient={queryClient} origin={state.origin}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </App>,
    );
  });
} else {
  createRoot(container).render(
    <App queryClient={queryClient} origin={window.location.origin}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>,
  );
}
