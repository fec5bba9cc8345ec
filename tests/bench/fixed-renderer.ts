/**
 * The cold pages' floors (run.ts, docs/benchmarks.md): the reader's renderer with the work of an article page taken
 * out, to measure what the rest of a cold page costs the app. It stands in for client/dist-server/entry-server.js
 * (app-server.ts points the app's `clientRenderer` here when BENCH_RENDER is set) and is never the app's.
 *
 * The first article page is rendered for real; every later one is answered with it, after
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
let recorded: Renderer.RenderResult | undefined;

export async function render(options: Parameters<typeof Renderer.render>[0]): Promise<Renderer.RenderResult> {
  const id = ARTICLE.exec(options.url)?.[1];
  if (id === undefined) return real.render(options);
  if (!recorded) {
    const result = await real.render(options);
    if (result.type === 'page' && result.status === 200) recorded = result;
    return result;
  }
  if (mode === 'reads') await real.describe(options);
  else tagResponse([Tags.article(id), Tags.comments(id)]);
  return recorded;
}
