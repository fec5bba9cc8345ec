import { Router } from 'express';
import { createUserInputSchema, deleteUserQuerySchema, listUsersQuerySchema, updateUserInputSchema } from '#shared/schemas/users';
import { deletedSchema, pageSchema } from '#shared/schemas/responses/common';
import { publicUserSchema } from '#shared/schemas/responses/users';
import type { AppContext } from '../context';
import { requirePermission } from '../lib/policy';
import { Tags } from '../lib/cache-scope';
import { idParams, none, resourceRouter } from '../lib/route';
import { expectedVersion, VERSIONED_EDIT, withVersionTag } from '../lib/versions';
import { createUser, deleteUser, listUsers, setSuspended, updateUser } from './users.service';

/** User management for admins and super-admins; the limits on super-admins and on oneself are in users.policy.ts. */
export function usersRouter({ db }: AppContext): Router {
  const { router, route } = resourceRouter('/users');
  const guard = requirePermission('users:manage');
  const limits = 'An admin acting on a super-admin, granting super-admin, or acting on their own account';

  route(
    {
      method: 'get',
      path: '/',
      summary: 'List users, newest first, optionally searching name and email',
      guard,
      query: listUsersQuerySchema,
      returns: pageSchema(publicUserSchema),
    },
    ({ query }) => listUsers(db, query),
  );

  route(
    {
      method: 'post',
      path: '/',
      summary: 'Create a user (role defaults to author)',
      guard,
      body: createUserInputSchema,
      status: 201,
      returns: publicUserSchema,
      errors: { 403: 'An admin granting the super-admin role', 409: 'The email is already registered' },
      // A new user has written nothing yet.
      purges: none,
    },
    async ({ body, user }) => createUser(db, user, body),
  );

  route(
    {
      method: 'put',
      path: '/:id',
      summary: `Update a user (any of name, email, password, role, bio); a new password signs them out everywhere. ${VERSIONED_EDIT.summary}`,
      guard,
      params: idParams,
      body: updateUserInputSchema,
      returns: { schema: publicUserSchema, description: 'The user, with its new ETag' },
      errors: {
        403: limits,
        404: 'No such user',
        409: 'The email is taken, this would demote the last super-admin, or `version` is not the current one (the current version is in `details` and the ETag)',
        ...VERSIONED_EDIT.errors,
      },
      // A name shows on every article and comment of theirs: rare enough to purge everything.
      purges: () => [Tags.everything],
    },
    async ({ params, body, user }, req, res) =>
      withVersionTag(res, await updateUser(db, user, params.id, body, expectedVersion(req, body.version))),
  );

  route(
    {
      method: 'delete',
      path: '/:id',
      summary:
        'Delete a user with their sessions and comments; their articles and breaking news go to `reassignTo` (refused while they have some and no one takes them over)',
      guard,
      params: idParams,
      query: deleteUserQuerySchema,
      returns: deletedSchema,
      errors: {
        400: '`reassignTo` is not a user id, no such user, a reader, suspended, or the user being deleted',
        403: limits,
        404: 'No such user',
        409: 'The user still has articles or breaking news and no `reassignTo`, or is the last super-admin',
      },
      purges: () => [Tags.everything],
    },
    async ({ params, query, user }) => {
      await deleteUser(db, user, params.id, query);
      return { success: true, message: 'User deleted' };
    },
  );

  route(
    {
      method: 'post',
      path: '/:id/suspend',
      summary: 'Suspend a user: they cannot log in and every token of theirs stops working at once',
      guard,
      params: idParams,
      returns: publicUserSchema,
      errors: { 403: limits, 404: 'No such user', 409: 'The last super-admin' },
      // Their name and comments stay where they are.
      purges: none,
    },
    async ({ params, user }) => setSuspended(db, user, params.id, true),
  );

  route(
    {
      method: 'post',
      path: '/:id/unsuspend',
      summary: 'Lift a suspension',
      guard,
      params: idParams,
      returns: publicUserSchema,
      errors: { 403: 'An admin acting on a super-admin', 404: 'No such user' },
      purges: none,
    },
    async ({ params, user }) => setSuspended(db, user, params.id, false),
  );

  return router;
}
