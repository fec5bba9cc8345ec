import { Router } from 'express';
import { z } from 'zod';
import {
  VIEW_LIMITS,
  dailyViewsQuerySchema,
  listViewsQuerySchema,
  logViewInputSchema,
  topArticlesQuerySchema,
  viewDurationInputSchema,
} from '../../../shared/schemas/views';
import { articleSelect, publishedOnly, toArticle } from '../articles/article.mapper';
import type { AppContext } from '../context';
import { conflict, notFound } from '../lib/errors';
import { publicRoute, requirePermission } from '../lib/policy';
import { idParam, routesFor } from '../lib/route';
import { dailyViews, recordView, toViewLog, viewLogSelect } from './views.service';

const byId = z.object({ id: idParam });
const ARTICLE_NOT_FOUND = 'Article not found';

export function viewsRouter({ db }: AppContext): Router {
  const router = Router();
  const route = routesFor(router, '/view');

  route(
    {
      method: 'get',
      path: '/top-articles',
      summary: 'The most viewed published articles, most views first',
      guard: publicRoute,
      query: topArticlesQuerySchema,
      returns: '{ data: Article[] }',
    },
    async ({ query }, _req, res) => {
      const rows = await db.article.findMany({
        where: publishedOnly,
        orderBy: [{ totalViews: 'desc' }, { publishedAt: 'desc' }, { id: 'desc' }],
        take: query.limit,
        select: articleSelect,
      });
      res.set('Cache-Control', 'public, max-age=30');
      return { data: rows.map(toArticle) };
    },
  );

  route(
    {
      method: 'get',
      path: '/daily',
      summary: 'Views per UTC day over the last `days` days (today included), zero-filled, oldest first; all articles',
      guard: requirePermission('stats:read'),
      query: dailyViewsQuerySchema,
      returns: '{ data: { date: "YYYY-MM-DD", views }[] }',
    },
    async ({ query }) => ({ data: await dailyViews(db, query.days) }),
  );

  route(
    {
      method: 'post',
      path: '/article/:id',
      summary: "Log one view of a published article (read depth; the signed-in viewer's id is kept) and add 1 to its totalViews",
      guard: publicRoute,
      params: byId,
      body: logViewInputSchema,
      status: 201,
      returns: '{ success, id, totalViews }',
      errors: { 404: 'the article does not exist or is not published' },
    },
    async ({ params, body }, req) => {
      const logged = await recordView(db, params.id, req.user?.id ?? null, body);
      if (!logged) throw notFound(ARTICLE_NOT_FOUND);
      return { success: true, id: logged.id, totalViews: logged.totalViews };
    },
  );

  route(
    {
      method: 'get',
      path: '/article/:id',
      summary: "An article's view logs, newest first (staff; any status)",
      guard: requirePermission('views:list'),
      params: byId,
      query: listViewsQuerySchema,
      returns: '{ data: ViewLog[], pagination: { total, limit, offset } }',
      errors: { 404: 'no such article' },
    },
    async ({ params, query }) => {
      const { limit, offset } = query;
      const [article, rows, total] = await Promise.all([
        db.article.findUnique({ where: { id: params.id }, select: { id: true } }),
        db.viewLog.findMany({
          where: { articleId: params.id },
          orderBy: [{ viewedAt: 'desc' }, { id: 'desc' }],
          skip: offset,
          take: limit,
          select: viewLogSelect,
        }),
        db.viewLog.count({ where: { articleId: params.id } }),
      ]);
      if (!article) throw notFound(ARTICLE_NOT_FOUND);
      return { data: rows.map(toViewLog), pagination: { total, limit, offset } };
    },
  );

  route(
    {
      method: 'get',
      path: '/article/:id/stats',
      summary: "A published article's view count",
      guard: publicRoute,
      params: byId,
      returns: '{ articleId, totalViews }',
      errors: { 404: 'the article does not exist or is not published' },
    },
    async ({ params }, _req, res) => {
      const article = await db.article.findFirst({ where: { id: params.id, ...publishedOnly }, select: { id: true, totalViews: true } });
      if (!article) throw notFound(ARTICLE_NOT_FOUND);
      // Short: the count moves with every read, and a reader's own view should show soon.
      res.set('Cache-Control', 'public, max-age=5');
      return { articleId: article.id, totalViews: article.totalViews };
    },
  );

  route(
    {
      method: 'put',
      path: '/:id/duration',
      summary: `Record how long a view lasted, in seconds (within ${VIEW_LIMITS.durationWindowHours} hours of the view)`,
      guard: publicRoute,
      params: byId,
      body: viewDurationInputSchema,
      returns: '{ success: true }',
      errors: { 404: 'no such view', 409: `the view is more than ${VIEW_LIMITS.durationWindowHours} hours old` },
    },
    async ({ params, body }) => {
      const since = new Date(Date.now() - VIEW_LIMITS.durationWindowHours * 3_600_000);
      const { count } = await db.viewLog.updateMany({
        where: { id: params.id, createdAt: { gt: since } },
        data: { durationSeconds: body.duration },
      });
      if (count === 0) {
        const exists = await db.viewLog.findUnique({ where: { id: params.id }, select: { id: true } });
        if (!exists) throw notFound('View not found');
        throw conflict(`The view is more than ${VIEW_LIMITS.durationWindowHours} hours old; its duration can no longer be changed`);
      }
      return { success: true };
    },
  );

  return router;
}
