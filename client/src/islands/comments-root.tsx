import { hydrate } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { Router, createPath, type Navigator, type To } from 'react-router';
import { App } from '#client/app/app';
import { CommentsSection } from '#client/features/comments/components/comments-section';
import type { PageState } from '#client/lib/page-state';
import { createQueryClient, deserializeQueries } from '#client/lib/query-client';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * The island's router: a link or a move from the comments (to sign in, say) loads that page, as every other link of a
 * page that is not hydrated does; there is no app here to render it.
 */
const navigator: Navigator = {
  createHref: href,
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
};

/**
 * Renders the comments in `container` in place of the server's markup, from the comments the page was rendered with
 * (its data, taken into a query cache of its own): the same section the hydrated page shows, with the reader's session.
 */
export function renderComments(container: HTMLElement, articleId: string, state: PageState): void {
  const queryClient = createQueryClient();
  hydrate(queryClient, deserializeQueries(state.queries));
  const { pathname, search, hash } = window.location;
  createRoot(container).render(
    <App queryClient={queryClient} origin={state.origin}>
      <Router location={{ pathname, search, hash }} navigator={navigator}>
        <CommentsSection articleId={articleId} />
      </Router>
    </App>,
  );
  container.dataset.island = 'ready';
}
