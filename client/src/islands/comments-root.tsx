import { hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { createPath, type Navigator, type To } from 'react-router';
import { CommentsIsland } from './comments-island';
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
  push: (to, state) => {
    if (state === undefined) return window.location.assign(href(to));
    // A move that carries state (where to come back to after signing in) keeps it as react-router keeps it, in the
    // history entry, which survives the load of its page.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: state, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, '', href(to));
    window.location.reload();
  },
  replace: (to) => window.location.replace(href(to)),
};

/**
 * Hydrates the comments in `container`, rendered on the server as a root of their own (islands/comments-island.tsx),
 * from the comments the page was rendered with (its data, taken into a query cache of its own). React keeps the
 * server's elements, and replays a press made on them while it hydrates; the signed-in reader's version follows.
 */
export function renderComments(container: HTMLElement, articleId: string, state: PageState): void {
  const queryClient = createQueryClient();
  hydrate(queryClient, deserializeQueries(state.queries));
  const { pathname, search, hash } = window.location;
  hydrateRoot(
    container,
    <CommentsIsland
      queryClient={queryClient}
      origin={state.origin}
      articleId={articleId}
      location={pathname + search + hash}
      navigator={navigator}
    />,
  );
  container.dataset.island = 'ready';
}
