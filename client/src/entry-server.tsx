import { dehydrate } from '@tanstack/react-query';
import type { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { loadReaderRoute, type ReaderPage } from './app/reader/reader-data';
import { AppRoutes } from './app/routes';
import { preloadArticleRoute } from './app/reader/routes/article';
import { setTransport, type Transport } from './lib/api-client';
import { createQueryClient, serializeQueries, type PageState } from './lib/query-client';

export type { ReaderPage };
export { STATE_ELEMENT_ID } from './lib/query-client';

export interface RenderOptions {
  /** Path and query of the request. */
  url: string;
  /** The site's public origin (PUBLIC_URL). */
  origin: string;
  /** How the page's reads reach the API (in-process on the server). */
  transport: Transport;
  /** Called with errors React recovers from (a component that fails renders in the browser instead). */
  onError?: (error: unknown) => void;
}

export type RenderResult =
  | { type: 'client' }
  | { type: 'redirect'; location: string }
  | { type: 'page'; status: number; page: ReaderPage; state: PageState; pipe: (destination: Writable) => void };

/**
 * Renders a reader page on the server with the components the browser hydrates. The page's data is read
 * first (app/reader-data.ts), then React renders from that cache; the stream is handed back once the
 * whole page is ready (crawlers and readers without JavaScript get it complete), with the cache for the
 * browser to take over.
 */
export async function render({ url, origin, transport, onError }: RenderOptions): Promise<RenderResult> {
  setTransport(transport);
  const queryClient = createQueryClient({ server: true });
  const [route] = await Promise.all([loadReaderRoute(new URL(url, origin).pathname, queryClient), preloadArticleRoute()]);
  if (!route.render) return route.redirect ? { type: 'redirect', location: route.redirect } : { type: 'client' };

  const state: PageState = { origin, queries: serializeQueries(dehydrate(queryClient, { shouldDehydrateQuery: () => true })) };

  const pipe = await new Promise<(destination: Writable) => void>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <App queryClient={queryClient} origin={origin}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </App>,
      {
        // Never outline a large finished boundary (the comments) to stream it later: putting it in place
        // takes an inline script, which the CSP forbids. The page is sent complete anyway.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () => resolve(stream.pipe),
        onShellError: reject,
        onError: (error) => onError?.(error),
      },
    );
  });
  return { type: 'page', status: route.status, page: route.page, state, pipe };
}
