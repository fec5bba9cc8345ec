/**
 * The cold pages' floors (run.ts, docs/benchmarks.md): the reader's renderer with the work of an article page taken
 * out, to measure what the rest of a cold page costs the app. It stands in for client/dist-server/entry-server.js
 * (app-server.ts points the app's `clientRenderer` here when BENCH_RENDER is set) and is never the app's.
 *
 * The first article page is rendered for real (the bench asks for one before its pass); every later one is answered
 * with it, after
 * - `BENCH_RENDER=reads`: the page's own loads (`describe`: its reads of the API, in-process, as a render makes them,
 *   which tag the answer), without React's render;
 * - `BENCH_RENDER=none`: nothing: the answer is tagged as the article's, so that the cache stores it as it would the
 *   page, and what is left is the app's pipeline: Express, the response cache, compression, the socket.
 *
 * Every other page (the home page, the categories' pages that warm the app up) is rendered for real.
 */
import { pathToFileURL } from 'node:url';
import type * as Renderer from '#client/entry-server';
import { Tags, tagResponse } from '../../server/src/lib/cache-scope';

const mode = process.env.BENCH_RENDER;
if (mode !== 'reads' && mode !== 'none') throw new Error(`BENCH_RENDER must be reads or none, not ${mode}`);
const real = (await import(pathToFileURL(process.env.BENCH_REAL_RENDERER!).href)) as typeof Renderer;

export const { STATE_ELEMENT_ID, describe } = real;

const ARTICLE = /^\/article\/([^/?#]+)$/;
/** The first article page's render: the pages asked meanwhile wait for it rather than each rendering for real. */
let recording: Promise<Renderer.RenderResult | undefined> | undefined;

const isPage = (result: Renderer.RenderResult) => result.type === 'page' && result.status === 200;

export async function render(options: Parameters<typeof Renderer.render>[0]): Promise<Renderer.RenderResult> {
  const id = ARTICLE.exec(options.url)?.[1];
  if (id === undefined) return real.render(options);
  // Not awaited while there is nothing to wait for: pages asked in the same turn find the first one's render under way.
  const recorded = recording && (await recording);
  if (recorded) {
    if (mode === 'reads') await real.describe(options);
    else tagResponse([Tags.article(id), Tags.comments(id)]);
    return recorded;
  }
  // The first article page, or the next after one that was not a page (a failure, the shell): rendered for real.
  const rendering = real.render(options);
  recording = rendering.then(
    (result) => (isPage(result) ? result : undefined),
    () => undefined,
  );
  return rendering;
}
