import { Router } from 'express';
import { z } from 'zod';
import { breakingNewsInputSchema, breakingNewsListQuerySchema, updateBreakingNewsInputSchema } from '../../../shared/schemas/breaking-news';
import { breakingNewsListSchema, breakingNewsSchema } from '../../../shared/schemas/responses/breaking-news';
import { deletedSchema } from '../../../shared/schemas/responses/common';
import type { AppContext } from '../context';
import type { Prisma } from '../generated/prisma/client';
import { conflict, forbidden, notFound } from '../lib/errors';
import { allows, publicRoute, requirePermission } from '../lib/policy';
import { Tags } from '../cache/scope';
import { idParam, routesFor } from '../lib/route';
import { expectedVersion, requireVersion, setVersionTag, versionWhere } from '../lib/versions';
import { breakingNewsSelect, newestFirst, toBreakingNews } from './breaking-news.mapper';

export function breakingNewsRouter({ db }: AppContext): Router {
  const router = Router();
  const route = routesFor(router, '/breaking-news');
  const byId = z.object({ id: idParam });

  /** One transaction, so the answer shows the item exactly as this change left it. */
  async function setStatus(id: string, status: 'draft' | 'published') {
    const row = await db.$transaction(async (tx) => {
      // updatedAt moves the item to the front of the ticker; the version tells an editor's open form it is stale.
      const { count } = await tx.breakingNews.updateMany({ where: { id }, data: { status, version: { increment: 1 } } });
      if (count === 0) throw notFound('Breaking news not found');
      // publishedAt records the first publication only.
      if (status === 'published') await tx.breakingNews.updateMany({ where: { id, publishedAt: null }, data: { publishedAt: new Date() } });
      return tx.breakingNews.findUniqueOrThrow({ where: { id }, select: breakingNewsSelect });
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
      returns: breakingNewsListSchema,
      cacheTags: () => [Tags.breaking],
    },
    async ({ query }, req) => {
      const staff = allows(req.user, 'breaking-news:list-all');
      const where: Prisma.BreakingNewsWhereInput = staff ? (query.status ? { status: query.status } : {}) : { status: 'published' };
      const rows = await db.breakingNews.findMany({ where, orderBy: newestFirst, take: query.limit, select: breakingNewsSelect });
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
      returns: breakingNewsSchema,
      purges: () => [Tags.breaking],
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
      summary:
        'Edit a headline (authors: only their own drafts; editors and above: any). Send the version it is based on: If-Match with its ETag, or `version` in the body',
      guard: requirePermission('breaking-news:edit'),
      params: byId,
      body: updateBreakingNewsInputSchema,
      returns: { schema: breakingNewsSchema, description: 'The item, with its new ETag' },
      errors: {
        403: "An author editing someone else's headline, or one that is no longer a draft",
        404: 'No such breaking news',
        409: '`version` is not the current one (the current version is in `details` and the ETag)',
        412: 'If-Match does not match the current ETag',
      },
      purges: () => [Tags.breaking],
    },
    async ({ params, body }, req, res) => {
      const expected = expectedVersion(req, body.version);
      // One conditional write: an author's edit lands only while the item is still their draft, so an
      // editor's publication between a check and the write cannot be overtaken (issue 9, item 11).
      const own: Prisma.BreakingNewsWhereInput = req.grant === 'own' ? { authorId: req.user!.id, status: 'draft' } : {};
      const { count } = await db.breakingNews.updateMany({
        where: { id: params.id, ...own, ...versionWhere(expected) },
        data: { headline: body.headline, version: { increment: 1 } },
      });
      if (count === 0) {
        const current = await db.breakingNews.findUnique({
          where: { id: params.id },
          select: { authorId: true, status: true, version: true },
        });
        if (!current) throw notFound('Breaking news not found');
        if (req.grant === 'own' && (current.authorId !== req.user!.id || current.status !== 'draft')) {
          throw forbidden('Authors can edit only their own draft headlines');
        }
        requireVersion('headline', expected, current.version);
        // Nothing refuses the edit any more: the item changed back between the write and this read.
        throw conflict('The headline changed while you were saving it: please try again.');
      }
      const row = await db.breakingNews.findUniqueOrThrow({ where: { id: params.id }, select: breakingNewsSelect });
      setVersionTag(res, row.version);
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
      returns: deletedSchema,
      errors: { 404: 'No such breaking news' },
      purges: () => [Tags.breaking],
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
      returns: breakingNewsSchema,
      errors: { 404: 'No such breaking news' },
      purges: () => [Tags.breaking],
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
      returns: breakingNewsSchema,
      errors: { 404: 'No such breaking news' },
      purges: () => [Tags.breaking],
    },
    async ({ params }) => setStatus(params.id, 'draft'),
  );

  return router;
}
