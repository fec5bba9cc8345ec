import type { Request, RequestHandler, Router } from 'express';
import { PAGE_HEAD_PATH } from '#shared/page-head';
import { searchQuerySchema } from '#shared/schemas/search';
import { searchResultsSchema } from '#shared/schemas/responses/search';
import type { AppContext } from '../context';
import { Tags } from '../lib/cache-scope';
import { clientNetwork } from '../lib/client-network';
import { HttpError, tooManyRequests } from '../lib/errors';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { publicRoute } from '../lib/policy';
import { resourceRouter } from '../lib/route';
import { isInProcess } from '../reader/internal-api';
import { currentSite } from '../settings/settings.service';
import { search } from './search.service';

const TOO_MANY = 'Too many searches from your network. Please try again in a minute.';

/** Each app's counter of searches by network (see limitSearches). */
const limiters = new WeakMap<AppContext, RateLimiterMemory>();

/**
 * Counts one search of the client's network, and throws 429 past SEARCHES_PER_MINUTE. Only searches the response cache
 * did not answer reach it (a stored answer costs nothing). Counted in this process's memory (rate-limiter-flexible):
 * the limit protects this process's CPU from one network's searches, and costs no write per search; with several
 * replicas behind a balancer, a network may search as often on each.
 */
async function limitSearches(ctx: AppContext, req: Request): Promise<void> {
  let limiter = limiters.get(ctx);
  if (!limiter) limiters.set(ctx, (limiter = new RateLimiterMemory({ points: ctx.config.searchesPerMinute, duration: 60 })));
  try {
    await limiter.consume(clientNetwork(req));
  } catch (refused) {
    if (refused instanceof RateLimiterRes) throw tooManyRequests(TOO_MANY, Math.max(1, Math.ceil(refused.msBeforeNext / 1000)));
    throw refused;
  }
}

/** Full-text search of the published articles (docs/decisions/065-search.md); the reader's page is /search. */
export function searchRouter(ctx: AppContext): Router {
  const { db, config } = ctx;
  const { router, route } = resourceRouter('/search');

  route(
    {
      method: 'get',
      path: '/',
      summary:
        'Search the published articles: q in the syntax of search boxes (words, "a phrase", -word, or), best first, with a passage around what matched; section, category, author, from and to narrow it',
      guard: publicRoute,
      query: searchQuerySchema,
      returns: searchResultsSchema,
      errors: { 429: `more than SEARCHES_PER_MINUTE (${config.searchesPerMinute}) searches from one network in a minute (Retry-After)` },
      // Any change to a published article, a category or a byline purges these.
      cacheTags: () => [Tags.articles, Tags.categories],
    },
    async ({ query }, req) => {
      // The page's read (/search, rendered): the page counted the reader's search (searchPageLimit).
      if (!isInProcess(req)) await limitSearches(ctx, req);
      const site = await currentSite(db, ctx.cache);
      return search(db, query, site.timeZone, ctx.cache);
    },
  );

  return router;
}

/**
 * The same limit on the reader's page /search and on its head (`/api/page-head?path=/search…`), which read the search in
 * process: a search with words counts, the empty page does not. Past the limit, a short page that says so.
 */
export function searchPageLimit(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    // The address as the page reads it: escapes decoded, dot segments resolved, any case (`/Search?%71=…` is a search).
    const address = req.path === PAGE_HEAD_PATH ? (typeof req.query.path === 'string' ? req.query.path : '') : req.originalUrl;
    let url: URL;
    try {
      url = new URL(address, 'http://page');
    } catch {
      return next();
    }
    if (url.pathname.toLowerCase().replace(/\/+$/, '') !== '/search' || !url.searchParams.get('q')?.trim()) return next();
    try {
      await limitSearches(ctx, req);
      next();
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 429) return next(err);
      res
        .status(429)
        .set({ ...err.headers, 'Cache-Control': 'no-store' })
        .type('text/plain')
        .send(TOO_MANY);
    }
  };
}
