import type { QueryClient } from '@tanstack/react-query';
import { Router, type Navigator } from 'react-router';
import { App } from '#client/app/app';
import { CommentsSection } from '#client/features/comments/components/comments-section';

/**
 * The comments as a React root of their own (docs/decisions/054-reader-islands.md): rendered so on the server, apart
 * from the page, and hydrated so in the browser by their island (islands/comments-root.tsx). Two renders of one tree
 * give the same markup, `useId`s included, so hydration keeps the server's elements (and a reader's focus in them).
 */
export function CommentsIsland({ queryClient, origin, articleId, location, navigator }: CommentsIslandProps) {
  return (
    <Router location={location} navigator={navigator}>
      <App queryClient={queryClient} origin={origin}>
        <CommentsSection articleId={articleId} />
      </App>
    </Router>
  );
}

interface CommentsIslandProps {
  queryClient: QueryClient;
  origin: string;
  articleId: string;
  /** The page's address (path, query and hash). */
  location: string;
  /** Where a move from the comments goes: the island's loads the page (comments-root.tsx); the server's never moves. */
  navigator: Navigator;
}

/** The server's router for the comments: a render never moves. */
export const STAY: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`),
  go: () => {},
  push: () => {},
  replace: () => {},
};
