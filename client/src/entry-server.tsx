import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { KeptRender, finish, keptRender } from './app/reader/kept-part';
import { loadRoute, statusOf, type ReaderPage } from './app/reader/load';
import { readableAddress } from './app/reader/route-match';
import { MatchedRoutes, appRoutes } from './app/routes';
import type { Transport } from './lib/api-client';
import { DocumentLinks } from './components/ui/link';
import { CommentsHtml } from './islands/comments-html';
import { CommentsIsland, STAY } from './islands/comments-island';
import { createQueryClient, serializeQueries, type PageState } from './lib/query-client';
import { readerKeys } from './lib/query-keys';

export type { ReaderPage };

/** The first part of the comments' query keys (lib/query-keys.ts). */
const COMMENTS_KEY = readerKeys.articleComments('')[0];

/** How React marks a Suspense boundary it could not render (it failed, or it suspended). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';
export { STATE_ELEMENT_ID } from './lib/query-client';

export interface RenderOptions {
  /** Path and query of the request. */
  url: string;
  /** The site's public origin (PUBLIC_URL). */
  origin: string;
  /** How the page's reads reach the API (in-process on the server): handed to the route's load. */
  transport: Transport;
  /** Called with errors React recovers from (a component that fails renders in the browser instead). */
  onError?: (error: unknown) => void;
}

export type RenderResult =
  | { type: 'client' }
  | { type: 'redirect'; location: string; query?: string }
  | {
      type: 'page';
      status: number;
      page: ReaderPage;
      /** Everything the page was rendered from: what it shows, and when that last changed. */
      data: DehydratedState;
      /** What the page hands to the browser: the comments' data, which their island hydrates. */
      state: PageState;
      html: string;
    };

/** What an address shows, found by its loads without rendering it: what its head is built from. */
export type PageDescription = Exclude<RenderResult, { type: 'page' }> | { type: 'page'; status: number; page: ReaderPage };

/**
 * The address the loads match: parsed as the URL it is (dot segments resolved, characters a path may not hold
 * escaped), then, when its path does not decode, with each `%` escaped (app/reader/route-match.ts: matched alike, and
 * react-router says nothing on the console).
 */
function locationOf(url: string, origin: string): URL {
  const location = new URL(url, origin);
  const readable = readableAddress(location.pathname);
  if (readable !== location.pathname) location.pathname = readable;
  return location;
}

/**
 * The page at `url` as its loads find it, not rendered: the head of a page the browser moved to by itself
 * is built from this (server/src/reader/render.ts), the same way as the head of a page rendered here.
 */
export async function describe({ url, origin, transport }: Omit<RenderOptions, 'onError'>): Promise<PageDescription> {
  const { loaded } = await loadRoute(appRoutes, locationOf(url, origin), { queryClient: createQueryClient({ server: true }), transport });
  if (!loaded) return { type: 'client' };
  if ('redirect' in loaded) return { type: 'redirect', location: loaded.redirect, query: loaded.query };
  return { type: 'page', status: statusOf(loaded), page: loaded.page };
}

/**
 * Renders a reader page on the server with the components the browser hydrates. The address is matched
 * on the app's route table and the matched routes' loads read the page's data (app/reader/load.ts); then
 * React renders from that cache, in one pass to a string: everything the page shows is loaded by then, so
 * nothing suspends (but a lazy chunk's first time: see below), and a string costs less to make than a stream
 * (docs/decisions/053-cheap-reader-pages.md). Crawlers and readers without JavaScript get the page complete,
 * with the cache for the browser to take over.
 */
export async function render({ url, origin, transport, onError }: RenderOptions): Promise<RenderResult> {
  const queryClient = createQueryClient({ server: true });
  const { loaded, matches } = await loadRoute(appRoutes, locationOf(url, origin), { queryClient, transport });
  // What the page's components read as their location, undecodable or not (app/reader/route-match.ts).
  url = readableAddress(url);
  if (!loaded) return { type: 'client' };
  if ('redirect' in loaded) return { type: 'redirect', location: loaded.redirect, query: loaded.query };

  // The browser hydrates nothing but the comments: what it is handed is their data (docs/decisions/054-reader-islands.md).
  const data = dehydrate(queryClient, { shouldDehydrateQuery: () => true });
  const state: PageState = {
    origin,
    queries: serializeQueries({ ...data, queries: data.queries.filter((query) => query.queryKey[0] === COMMENTS_KEY) }),
  };
  // An article's comments are a root of their own, which their island hydrates (docs/decisions/054-reader-islands.md).
  const { page } = loaded;
  const comments =
    page.kind === 'article'
      ? renderToString(
          <CommentsIsland queryClient={queryClient} origin={origin} articleId={page.article.id} location={url} navigator={STAY} />,
        )
      : null;
  // The frame's parts rendered once per change of what they show (app/reader/kept-part.tsx).
  const kept = keptRender(origin);
  const app = (
    <CommentsHtml.Provider value={comments}>
      <DocumentLinks.Provider value={true}>
        <KeptRender.Provider value={kept}>
          <App queryClient={queryClient} origin={origin}>
            <StaticRouter location={url}>
              <MatchedRoutes matches={matches} />
            </StaticRouter>
          </App>
        </KeptRender.Provider>
      </DocumentLinks.Provider>
    </CommentsHtml.Provider>
  );
  const once = renderToString(app);
  // A part not rendered — a lazy chunk asked for the first time since the process started (it suspends, its chunk not
  // yet loaded), or a failure — is rendered again by the stream, which waits for it and reports what fails.
  const html = finish(kept, once.includes(CLIENT_RENDERED_BOUNDARY) ? await renderWaiting(app, onError) : once);
  return { type: 'page', status: statusOf(loaded), page: loaded.page, data, state, html };
}

/** The page rendered by React's stream, once everything in it is ready (lazy chunks loaded): slower, and complete. */
function renderWaiting(app: ReactNode, onError: RenderOptions['onError']): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString());
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      // Never outline a large finished boundary (the comments) to stream it later: putting it in place
      // takes an inline script, which the CSP forbids. The page is sent complete anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => onError?.(error),
    });
  });
}
