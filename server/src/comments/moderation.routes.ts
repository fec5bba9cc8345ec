import { Router } from 'express';
import { z } from 'zod';
import { COMMENT_MESSAGES, banInputSchema, hideCommentInputSchema, moderationQueueQuerySchema } from '#shared/schemas/comments';
import { commentBansSchema, moderationCountsSchema, moderationPageSchema } from '#shared/schemas/responses/comments';
import { messageSchema } from '#shared/schemas/responses/common';
import type { AppContext } from '../context';
import { Tags } from '../lib/cache-scope';
import { requirePermission } from '../lib/policy';
import { idParam, idParams, resourceRouter, responseCacheOf } from '../lib/route';
import { banFromCommenting, liftBan, listBans, moderate, moderationCounts, moderationQueue } from './moderation.service';

const userParams = z.object({ userId: idParam });

/**
 * The moderators' side of comments (docs/decisions/066-comment-moderation.md), for editors and admins: the queue
 * (reported, held, hidden, recent), approve and hide (deleting is DELETE /api/comments/:id), and bans from commenting.
 */
export function moderationRouter({ db }: AppContext): Router {
  const { router, route } = resourceRouter('/moderation');
  const guard = requirePermission('comments:moderate');

  route(
    {
      method: 'get',
      path: '/comments',
      summary:
        'A queue of comments: reported (open reports, the most reported first), held (for a moderator), hidden (by one) or recent (all, newest first)',
      guard,
      query: moderationQueueQuerySchema,
      returns: moderationPageSchema,
    },
    ({ query }) => moderationQueue(db, query.queue, query.page, query.limit),
  );

  route(
    { method: 'get', path: '/counts', summary: 'Comments with open reports, and comments held', guard, returns: moderationCountsSchema },
    () => moderationCounts(db),
  );

  route(
    {
      method: 'post',
      path: '/comments/:id/approve',
      summary: 'Show a held or hidden comment, or keep a reported one: its open reports are resolved',
      guard,
      params: idParams,
      returns: messageSchema,
      errors: { 404: 'no such comment' },
      purges: 'by handler',
    },
    async ({ params, user }, req) => {
      const { articleId } = await moderate(db, params.id, user, { status: 'visible' });
      await responseCacheOf(req).purge([Tags.comments(articleId)]);
      return { message: COMMENT_MESSAGES.approved };
    },
  );

  route(
    {
      method: 'post',
      path: '/comments/:id/hide',
      summary:
        'Hide a comment, with the reason its author reads: readers see "This comment was removed" in its place, its replies stay; its open reports are resolved',
      guard,
      params: idParams,
      body: hideCommentInputSchema,
      returns: messageSchema,
      errors: { 404: 'no such comment' },
      purges: 'by handler',
    },
    async ({ params, body, user }, req) => {
      const { articleId } = await moderate(db, params.id, user, { status: 'hidden', reason: body.reason });
      await responseCacheOf(req).purge([Tags.comments(articleId)]);
      return { message: COMMENT_MESSAGES.hidden };
    },
  );

  route(
    {
      method: 'get',
      path: '/bans',
      summary: 'The readers banned from commenting now, the latest first',
      guard,
      returns: commentBansSchema,
    },
    async () => ({ data: await listBans(db) }),
  );

  route(
    {
      method: 'put',
      path: '/bans/:userId',
      summary: 'Ban a reader from commenting until a time (until) or for good (until: null), with a reason; a new ban replaces theirs',
      guard,
      params: userParams,
      body: banInputSchema,
      returns: messageSchema,
      errors: { 400: 'a member of staff, or a time not in the future', 404: 'no such user' },
    },
    async ({ params, body, user }) => {
      await banFromCommenting(db, params.userId, user, body);
      return { message: COMMENT_MESSAGES.bannedUser };
    },
  );

  route(
    {
      method: 'delete',
      path: '/bans/:userId',
      summary: "Lift a reader's ban from commenting",
      guard,
      params: userParams,
      returns: messageSchema,
      errors: { 404: 'the reader is not banned' },
    },
    async ({ params, user }) => {
      await liftBan(db, params.userId, user);
      return { message: COMMENT_MESSAGES.unbanned };
    },
  );

  return router;
}
