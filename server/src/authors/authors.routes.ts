import { Router } from 'express';
import { z } from 'zod';
import { authorPageQuerySchema, updateProfileInputSchema } from '#shared/schemas/users';
import { authorPageSchema, profileSchema, staffListSchema } from '#shared/schemas/responses/users';
import type { AppContext } from '../context';
import { Tags } from '../lib/cache-scope';
import { publicRoute, requirePermission } from '../lib/policy';
import { resourceRouter } from '../lib/route';
import { expectedVersion, VERSIONED_EDIT, withVersionTag } from '../lib/versions';
import { authorPage, getProfile, listStaff, STAFF_LIST_MAX, updateProfile } from './authors.service';

const slugParams = z.object({ slug: z.string() });

/**
 * Author pages (docs/decisions/049-author-pages.md): the public read of an author and their published articles, and
 * the signed-in staff member's own profile (name, bio, photo) that the page shows.
 */
export function authorsRouter({ db }: AppContext): Router {
  const { router, route } = resourceRouter('');

  route(
    {
      method: 'get',
      path: '/authors/:slug',
      summary: 'An author (name, bio, photo) and a page of their published articles, newest first',
      guard: publicRoute,
      params: slugParams,
      query: authorPageQuerySchema,
      returns: authorPageSchema,
      errors: { 404: 'No user has this slug, or they have no published article' },
      // A profile change purges everything (below); the list changes with the articles.
      cacheTags: () => [Tags.articles, Tags.categories],
    },
    ({ params, query }) => authorPage(db, params.slug, query),
  );

  route(
    {
      method: 'get',
      path: '/staff',
      summary: `Who may be named an article's co-author: every member of staff who writes articles and is not suspended, by name (at most ${STAFF_LIST_MAX}). Staff only`,
      guard: requirePermission('articles:create'),
      returns: staffListSchema,
    },
    async () => ({ data: await listStaff(db) }),
  );

  route(
    {
      method: 'get',
      path: '/profile',
      summary: "The caller's own author profile (every staff role), with its version",
      guard: requirePermission('profile:edit'),
      returns: { schema: profileSchema, description: 'The profile, with its ETag' },
    },
    async ({ user }, _req, res) => withVersionTag(res, await getProfile(db, user)),
  );

  route(
    {
      method: 'put',
      path: '/profile',
      summary: `Update the caller's own author profile: any of name, bio and avatarUrl (an image they uploaded). ${VERSIONED_EDIT.summary}`,
      guard: requirePermission('profile:edit'),
      body: updateProfileInputSchema,
      returns: { schema: profileSchema, description: 'The profile, with its new ETag' },
      errors: {
        409: '`version` is not the current one (the current version is in `details` and the ETag)',
        ...VERSIONED_EDIT.errors,
      },
      // The name shows on every card and article of theirs, the photo and bio on their page.
      purges: () => [Tags.everything],
    },
    async ({ body, user }, req, res) => withVersionTag(res, await updateProfile(db, user, body, expectedVersion(req, body.version))),
  );

  return router;
}
