import { Router } from 'express';
import { z } from 'zod';
import { breakingNewsInputSchema, breakingNewsListQuerySchema } from '../../../shared/schemas/breaking-news';
import type { AppContext } from '../context';
import type { Prisma } from '../generated/prisma/client';
import { forbidden, notFound } from '../lib/errors';
import { allows, publicRoute, requirePermission } from '../lib/policy';
import { idParam, routesFor } from '../lib/route';
import { breakingNewsSelect, newestFirst, toBreakingNews } from './breaking-news.mapper';

export function breakingNewsRouter({ db }: AppContext): Router {
  const router = Router();
  const route = routesFor(router, '/breaking-news');
  const byId = z.object({ id: idParam });

  async function setStatus(id: string, status: 'draft' | 'published') {
    const current = await db.breakingNews.findUnique({ where: { id }, select: { publishedAt: true } });
    if (!current) throw notFound('Breaking news not found');
    const row = await db.breakingNews.update({
      where: { id },
      // publishedAt records the first publication; updatedAt moves the item to the front of the ticker.
      data: { status, ...(status === 'published' && !current.publishedAt ? { publishedAt: new Date() } : {}) },
      select: breakingNewsSelect,
    });
    return toBreakingNews(row);
  }

  route(
    {
      method: 'get',
      path: '/',
      summary: 'List breaking news: published items for readers, every item (optionally filtered by status) for staff',
      guard: publicRoute,
      query: breakingNewsListQuerySchema,
      returns: '{ news: BreakingNews[] }',
    },
    async ({ query }, req, res) => {
      const staff = allows(req.user, 'breaking-news:list-all');
      const where: Prisma.BreakingNewsWhereInput = staff ? (query.status ? { status: query.status } : {}) : { status: 'published' };
      const rows = await db.breakingNews.findMany({ where, orderBy: newestFirst, take: query.limit, select: breakingNewsSelect });
      res.vary('Authorization');
      res.set('Cache-Control', staff ? 'private, no-store' : 'public, max-age=15');
      return { news: rows.map(toBreakingNews) };
    },
  );

  route(
    {
      method: 'post',
      path: '/',
      summary: 'Create a breaking-news headline (as a draft, authored by the caller)',
      guard: requirePermission('breaking-news:create'),
      body: breakingNewsInputSchema,
      status: 201,
      returns: 'BreakingNews',
    },
    async ({ body }, req) => {
      const row = await db.breakingNews.create({
        data: { headline: body.headline, status: 'draft', authorId: req.user!.id },
        select: breakingNewsSelect,
      });
      return toBreakingNews(row);
    },
  );

  route(
    {
      method: 'put',
      path: '/:id',
      summary: 'Edit a headline (authors: only their own drafts; editors and above: any)',
      guard: requirePermission('breaking-news:edit'),
      params: byId,
      body: breakingNewsInputSchema,
      returns: 'BreakingNews',
      errors: { 404: 'No such breaking news' },
    },
    async ({ params, body }, req) => {
      const current = await db.breakingNews.findUnique({ where: { id: params.id }, select: { authorId: true, status: true } });
      if (!current) throw notFound('Breaking news not found');
      if (req.grant === 'own' && (current.authorId !== req.user!.id || current.status !== 'draft')) {
        throw forbidden('Authors can edit only their own draft headlines');
      }
      const row = await db.breakingNews.update({ where: { id: params.id }, data: { headline: body.headline }, select: breakingNewsSelect });
      return toBreakingNews(row);
    },
  );

  route(
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete a breaking-news item',
      guard: requirePermission('breaking-news:delete'),
      params: byId,
      returns: 'Deleted',
      errors: { 404: 'No such breaking news' },
    },
    async ({ params }) => {
      const { count } = await db.breakingNews.deleteMany({ where: { id: params.id } });
      if (count === 0) throw notFound('Breaking news not found');
      return { success: true, message: 'Breaking news deleted' };
    },
  );

  route(
    {
      method: 'post',
      path: '/:id/publish',
      summary: 'Publish a breaking-news item (it joins the ticker)',
      guard: requirePermission('breaking-news:publish'),
      params: byId,
      returns: 'BreakingNews',
      errors: { 404: 'No such breaking news' },
    },
    async ({ params }) => setStatus(params.id, 'published'),
  );

  route(
    {
      method: 'post',
      path: '/:id/unpublish',
      summary: 'Unpublish a breaking-news item (back to draft, off the ticker)',
      guard: requirePermission('breaking-news:publish'),
      params: byId,
      returns: 'BreakingNews',
      errors: { 404: 'No such breaking news' },
    },
    async ({ params }) => setStatus(params.id, 'draft'),
  );

  return router;
}
