import type { Router } from 'express';
import { searchQuerySchema } from '#shared/schemas/search';
import { searchResultsSchema } from '#shared/schemas/responses/search';
import type { AppContext } from '../context';
import { Tags } from '../lib/cache-scope';
import { clientNetwork } from '../lib/client-network';
import { publicRoute } from '../lib/policy';
import { enforce } from '../lib/rate-limit';
import { resourceRouter } from '../lib/route';
import { currentSite } from '../settings/settings.service';
import { search } from './search.service';

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
      // Counted only here: a search the response cache answers costs nothing.
      await enforce(
        ctx.limits,
        `search:${clientNetwork(req)}`,
        config.searchesPerMinute,
        60_000,
        'Too many searches from your network. Please try again in a minute.',
      );
      const site = await currentSite(db, ctx.cache);
      return search(db, query, site.timeZone);
    },
  );

  return router;
}
