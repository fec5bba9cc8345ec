import type { DehydratedState } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` that carries the server's query cache to the browser. */
export const STATE_ELEMENT_ID = 'chronicle-state';

/** What a server-rendered reader page hands to the browser, beside its HTML. */
export interface PageState {
  /** The site's public origin (PUBLIC_URL). */
  origin: string;
  queries: DehydratedState;
}
