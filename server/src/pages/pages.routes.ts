import { Router } from 'express';
import { z } from 'zod';
import { createPageInputSchema, PAGE_LIMITS, updatePageInputSchema } from '#shared/schemas/pages';
import { deletedSchema } from '#shared/schemas/responses/common';
import { pageListItemSchema, pageSchema, publicPageSchema } from '#shared/schemas/responses/pages';
import type { AppContext } from '../context';
import { Tags } from '../lib/cache-scope';
import { badRequest } from '../lib/errors';
import { publicRoute, requirePermission } from '../lib/policy';
import { idParams, resourceRouter, responseCacheOf } from '../lib/route';
import { expectedVersion, VERSIONED_EDIT, withVersionTag } from '../lib/versions';
import { createPage, deletePage, findPublishedPage, getPage, listPages, pageTags, updatePage } from './pages.service';

/** An address as a reader may type it: checked for shape only (a page's own are stricter), so a 404 is cheap. */
const slugParams = z.object({
  slug: z
    .string()
    .min(1)
    .max(PAGE_LIMITS.slug * 3),
});

/** GET /api/pages/by-slug/:slug (anyone: published pages), and the staff's /api/pages (editors and admins). */
export function pagesRouter({ db }: AppContext): Router {
  const { router, route } = resourceRouter('/pages');
  const manage = requirePermission('pages:manage');

  route(
    {
      method: 'get',
      path: '/by-slug/:slug',
      summary:
        'A published page by its address (/<slug>), as readers see it; an earlier address of a page answers it, with the slug it has now',
      guard: publicRoute,
      params: slugParams,
      returns: publicPageSchema,
      errors: { 404: 'No published page has this address' },
      cacheTags: ({ params }) => [Tags.page(params.slug)],
    },
    async ({ params }) => findPublishedPage(db, params.slug),
  );

  route(
    { method: 'get', path: '/', summary: 'Every page, drafts included, by title', guard: manage, returns: z.array(pageListItemSchema) },
    async () => listPages(db),
  );

  route(
    {
      method: 'get',
      path: '/:id',
      summary: 'One page with its body',
      guard: manage,
      params: idParams,
      returns: pageSchema,
      errors: { 404: 'No such page' },
    },
    async ({ params }, _req, res) => withVersionTag(res, await getPage(db, params.id)),
  );

  route(
    {
      method: 'post',
      path: '/',
      summary: 'Create a page (without a slug, a free one is made from the title)',
      guard: manage,
      body: createPageInputSchema,
      status: 201,
      returns: pageSchema,
      errors: { 409: 'Another page has this address, or the site holds the most pages it may' },
      purges: 'by handler',
    },
    async ({ body, user }, req, res) => {
      const page = await createPage(db, user, body);
      await responseCacheOf(req).purge(pageTags(null, page));
      return withVersionTag(res, page);
    },
  );

  route(
    {
      method: 'put',
      path: '/:id',
      summary: `Change a page: any of its fields; the others keep their value. ${VERSIONED_EDIT.summary}`,
      guard: manage,
      params: idParams,
      body: updatePageInputSchema,
      returns: { schema: pageSchema, description: 'The page, with its new ETag' },
      errors: {
        404: 'No such page',
        409: 'Another page has this address, or `version` is not the current one (the current version is in `details` and the ETag)',
        ...VERSIONED_EDIT.errors,
      },
      purges: 'by handler',
    },
    async ({ params, body, user }, req, res) => {
      const { version, ...changes } = body;
      if (Object.values(changes).every((value) => value === undefined)) throw badRequest('Send at least one field to change');
      const { before, page } = await updatePage(db, user, params.id, changes, expectedVersion(req, version));
      await responseCacheOf(req).purge(pageTags(before, page));
      return withVersionTag(res, page);
    },
  );

  route(
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete a page (with If-Match, only the version named)',
      guard: manage,
      params: idParams,
      returns: deletedSchema,
      errors: { 404: 'No such page', 412: 'If-Match does not match the current ETag' },
      purges: 'by handler',
    },
    async ({ params, user }, req) => {
      const before = await deletePage(db, user, params.id, req.get('If-Match') === undefined ? undefined : expectedVersion(req, undefined));
      await responseCacheOf(req).purge(pageTags(before, null));
      return { success: true, message: 'Page deleted' };
    },
  );

  return router;
}
