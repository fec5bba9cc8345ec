import { Router } from 'express';
import {
  VIEW_LIMITS,
  dailyViewsQuerySchema,
  listViewsQuerySchema,
  logViewInputSchema,
  topArticlesQuerySchema,
  viewDurationInputSchema,
} from '#shared/schemas/views';
import { successSchema } from '#shared/schemas/responses/common';
import { REPORT_LIMITS } from '#shared/schemas/reports';
import { dailyViewsSchema, loggedViewSchema, topArticlesSchema, viewCountSchema, viewLogPageSchema } from '#shared/schemas/responses/views';
import { canRead, ownedArticle } from '../articles/article-records';
import type { AppContext } from '../context';
import { clientNetwork } from '../lib/client-network';
import { notFound } from '../lib/errors';
import { publicRoute, requirePermission } from '../lib/policy';
import { Tags } from '../lib/cache-scope';
import { idParams, none, resourceRouter } from '../lib/route';
import {
  dailyViews,
  isViewToken,
  listArticleViews,
  pendingView,
  publishedViewCount,
  recordViewDuration,
  topArticles,
  viewToken,
} from './views.service';
import { beaconClient } from './view-lane';

const ARTICLE_NOT_FOUND = 'Article not found';

export function viewsRouter({ db, jwtSecret, viewRecorder, readRecorder }: AppContext): Router {
  const { router, route } = resourceRouter('/view');

  route(
    {
      method: 'get',
      path: '/top-articles',
      summary: 'The most viewed published articles (without their content), most views first',
      guard: publicRoute,
      query: topArticlesQuerySchema,
      returns: topArticlesSchema,
      // Views reorder it without a write: kept half a minute at most.
      cacheTags: () => [Tags.articles, Tags.categories],
      cacheSeconds: 30,
    },
    async ({ query }) => {
      return { data: await topArticles(db, query.limit) };
    },
  );

  route(
    {
      method: 'get',
      path: '/daily',
      summary: 'Views per UTC day over the last `days` days (today included), zero-filled, oldest first; all articles',
      guard: requirePermission('stats:read'),
      query: dailyViewsQuerySchema,
      returns: dailyViewsSchema,
    },
    async ({ query }) => ({ data: await dailyViews(db, query.days) }),
  );

  route(
    {
      method: 'post',
      path: '/article/:id',
      summary:
        "Log one view of a published article (read depth; the signed-in viewer's id is kept) and add 1 to its totalViews; " +
        `a client's repeated views of the article within ${VIEW_LIMITS.dedupWindowMinutes} minutes answer 200 and count nothing`,
      guard: publicRoute,
      params: idParams,
      body: logViewInputSchema,
      status: 201,
      returns: {
        schema: loggedViewSchema,
        description:
          '201 for a counted view (token: for PUT /api/view/:id/duration); 200, counted false, id and token null, for a repeated view',
      },
      errors: { 404: 'the article does not exist or is not published' },
      // Counts are not purged for: pages show the count this call answers (docs/decisions/026).
      purges: none,
    },
    async ({ params, body, user }, req, res) => {
      // Answered once the view's batch has committed (docs/decisions/027): a 2xx view is never lost.
      const view = pendingView(params.id, clientNetwork(req), user ?? null, body, jwtSecret);
      const outcome = await viewRecorder.record(view);
      if (outcome.kind === 'unpublished') throw notFound(ARTICLE_NOT_FOUND);
      // Same success shape, so the reader's page shows the count either way (docs/decisions/015).
      if (outcome.kind === 'repeat') {
        res.status(200).json({ success: true, counted: false, id: null, token: null, totalViews: outcome.totalViews });
        return;
      }
      return { success: true, counted: true, id: view.id, token: viewToken(jwtSecret, view.id), totalViews: outcome.totalViews };
    },
  );

  route(
    {
      method: 'post',
      path: '/read',
      summary:
        'A reading beacon (docs/decisions/068-reports.md): `{ events: [{ article, page, elapsed, engaged, depth, referrer }] }`, ' +
        `at most ${REPORT_LIMITS.beaconEvents} events, each how far one page load of a published article has read. ` +
        'Nothing is kept with `DNT: 1` or `Sec-GPC: 1`, from a crawler, or for an event without a sign of reading; the answer is the same',
      guard: publicRoute,
      status: 204,
      returns: { description: 'no content: answered once the events are committed (or ignored)' },
      errors: { 400: 'a malformed beacon', 429: `more than READ_BEACONS_PER_MINUTE beacons a minute from one network` },
      purges: none,
    },
    async (_input, req, res) => {
      // The view lane answers the usual beacon; this is the long way (another content type, a large body).
      await readRecorder.ingest(beaconClient(req, clientNetwork(req)), req.body);
      res.status(204).end();
    },
  );

  route(
    {
      method: 'get',
      path: '/article/:id',
      summary: "An article's view logs, newest first (staff; drafts only for editors and above and for their author)",
      guard: requirePermission('views:list'),
      params: idParams,
      query: listViewsQuerySchema,
      returns: viewLogPageSchema,
      errors: { 404: 'no such article, or a draft the caller may not read (as GET /api/articles/:id)' },
    },
    async ({ params, query, user }) => {
      const { limit, offset } = query;
      const { article, views, total } = await listArticleViews(db, params.id, { limit, offset });
      if (!article || !canRead(user, ownedArticle(article))) throw notFound(ARTICLE_NOT_FOUND);
      return { data: views, pagination: { total, limit, offset } };
    },
  );

  route(
    {
      method: 'get',
      path: '/article/:id/stats',
      summary: "A published article's view count",
      guard: publicRoute,
      params: idParams,
      returns: viewCountSchema,
      errors: { 404: 'the article does not exist or is not published' },
    },
    async ({ params }, _req, res) => {
      const count = await publishedViewCount(db, params.id);
      if (!count) throw notFound(ARTICLE_NOT_FOUND);
      // Short: the count moves with every read, and a reader's own view should show soon.
      res.set('Cache-Control', 'public, max-age=5');
      return count;
    },
  );

  route(
    {
      method: 'put',
      path: '/:id/duration',
      summary: `Record how long a view lasted, in seconds (within ${VIEW_LIMITS.durationWindowHours} hours of the view), with the token returned when it was logged`,
      guard: publicRoute,
      params: idParams,
      body: viewDurationInputSchema,
      returns: successSchema,
      errors: {
        404: 'no such view, or a missing or wrong token',
        409: `the view is more than ${VIEW_LIMITS.durationWindowHours} hours old`,
      },
      purges: none,
    },
    async ({ params, body }) => {
      // Checked before any query: a wrong token learns nothing, not even whether the view exists.
      if (!isViewToken(jwtSecret, params.id, body.token)) throw notFound('View not found');
      await recordViewDuration(db, params.id, body.duration);
      return { success: true };
    },
  );

  return router;
}
