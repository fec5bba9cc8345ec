import { hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { CommentsIsland } from './comments-island';
import { navigator } from './navigator';
import type { PageState } from '#client/lib/page-state';
import { createQueryClient, deserializeQueries } from '#client/lib/query-client';

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
