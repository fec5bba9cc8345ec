import type { DehydratedState } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` that carries the server's query cache to the browser. */
export const STATE_ELEMENT_ID = 'chronicle-state';

/** What a server-rendered reader page hands to the browser, beside its HTML. */
export interface PageState {
  /** The site's public origin (PUBLIC_URL). */
  origin: string;
  queries: DehydratedState;
  /**
   * The kind of page (shared/reader-page.ts). Pages of the kinds in ISLAND_PAGES are not hydrated: their
   * interactive parts start as islands (client/src/islands, docs/decisions/054-reader-islands.md).
   */
  kind: string;
}

/**
 * The pages whose every interactive part is an island: the browser loads no React for them until the reader nears
 * the comments. Category and section pages still hydrate (their "Load more stories" renders cards in the browser).
 */
export const ISLAND_PAGES: readonly string[] = ['home', 'article', 'author', 'not-found'];
