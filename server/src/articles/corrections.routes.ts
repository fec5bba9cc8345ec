import type { Router } from 'express';
import { correctionsQuerySchema } from '#shared/schemas/articles';
import { correctionListItemSchema } from '#shared/schemas/responses/articles';
import { pageSchema } from '#shared/schemas/responses/common';
import type { AppContext } from '../context';
import { Tags } from '../lib/cache-scope';
import { publicRoute } from '../lib/policy';
import { resourceRouter } from '../lib/route';
import { listCorrections } from './corrections.service';

/** The public list of corrections (docs/decisions/062-corrections.md); they are added at /api/articles/:id/corrections. */
export function correctionsRouter({ db }: AppContext): Router {
  const { router, route } = resourceRouter('/corrections');

  route(
    {
      method: 'get',
      path: '/',
      summary: 'The newest corrections of published articles, each with the article it corrects',
      guard: publicRoute,
      query: correctionsQuerySchema,
      returns: pageSchema(correctionListItemSchema),
      // A correction, a new title, an unpublished article: each is a change to an article, which purges `articles`.
      cacheTags: () => [Tags.articles],
    },
    ({ query }) => listCorrections(db, query),
  );

  return router;
}
