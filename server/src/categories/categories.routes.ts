import { Router } from 'express';
import { z } from 'zod';
import { categoryInputSchema, updateCategoryInputSchema } from '#shared/schemas/categories';
import { categorySchema } from '#shared/schemas/responses/categories';
import { deletedSchema } from '#shared/schemas/responses/common';
import { Tags } from '../lib/cache-scope';
import type { AppContext } from '../context';
import { publicRoute, requirePermission } from '../lib/policy';
import { idParams, resourceRouter } from '../lib/route';
import { expectedVersion, VERSIONED_EDIT, withVersionTag } from '../lib/versions';
import { createCategory, deleteCategory, findCategory, listCategories, renameCategory } from './categories.service';

/** Mounted at the /api root: categories answer at /categories and, for delete, at /categorie (the client's spelling). */
/** Category names show in the header of every page and in every article: lists, pages and articles go. */
const categoriesChanged = () => [Tags.categories, Tags.articles];

export function categoriesRouter({ db }: AppContext): Router {
  const { router, route } = resourceRouter('');
  const manage = requirePermission('categories:manage');

  route(
    {
      method: 'get',
      path: '/categories',
      summary: 'List categories in name order',
      guard: publicRoute,
      returns: z.array(categorySchema).describe('The categories, with their published articles counted'),
      // Each carries its count of published articles.
      cacheTags: () => [Tags.categories, Tags.articles],
    },
    async () => {
      return listCategories(db);
    },
  );

  route(
    {
      method: 'get',
      path: '/categories/:idOrSlug',
      summary: 'Get one category by id or slug',
      guard: publicRoute,
      params: z.object({ idOrSlug: z.string().min(1).max(200) }),
      returns: categorySchema,
      errors: { 404: 'No category has this id or slug' },
      // Each carries its count of published articles.
      cacheTags: () => [Tags.categories, Tags.articles],
    },
    async ({ params }) => {
      const category = await findCategory(db, params.idOrSlug);
      return category;
    },
  );

  route(
    {
      method: 'post',
      path: '/categories',
      summary: 'Create a category (its slug follows the name)',
      guard: manage,
      body: categoryInputSchema,
      status: 201,
      returns: categorySchema,
      errors: { 409: 'A category with this name or slug exists (case-insensitive)' },
      purges: categoriesChanged,
    },
    async ({ body, user }) => createCategory(db, user, body.name),
  );

  route(
    {
      method: 'put',
      path: '/categories/:id',
      summary: `Rename a category (the slug follows the name). ${VERSIONED_EDIT.summary}`,
      guard: manage,
      params: idParams,
      body: updateCategoryInputSchema,
      returns: { schema: categorySchema, description: 'The category, with its new ETag' },
      errors: {
        404: 'No such category',
        409: 'Another category has this name or slug, or `version` is not the current one (the current version is in `details` and the ETag)',
        ...VERSIONED_EDIT.errors,
      },
      purges: categoriesChanged,
    },
    async ({ params, body, user }, req, res) =>
      withVersionTag(res, await renameCategory(db, user, params.id, body.name, expectedVersion(req, body.version))),
  );

  for (const path of ['/categories/:id', '/categorie/:id']) {
    route(
      {
        method: 'delete',
        path,
        summary: path.startsWith('/categorie/') ? 'Delete a category (the spelling the client uses)' : 'Delete a category',
        guard: manage,
        params: idParams,
        returns: deletedSchema,
        errors: { 404: 'No such category', 409: 'The category still has articles' },
        purges: categoriesChanged,
      },
      async ({ params, user }) => {
        await deleteCategory(db, user, params.id);
        return { success: true, message: 'Category deleted' };
      },
    );
  }

  return router;
}
