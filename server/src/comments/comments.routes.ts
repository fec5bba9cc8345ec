import { Router } from 'express';
import { LIMITS } from '#shared/constants';
import {
  COMMENT_MESSAGES,
  COMMENT_RATE_LIMIT,
  COMMENT_REPORT_REASONS,
  createCommentInputSchema,
  myCommentsQuerySchema,
  reportCommentInputSchema,
  listAllCommentsQuerySchema,
  listArticleCommentsQuerySchema,
  listCommentRepliesQuerySchema,
  updateCommentInputSchema,
} from '#shared/schemas/comments';
import {
  adminCommentsPageSchema,
  articleCommentsPageSchema,
  commentAnswerSchema,
  commentRepliesPageSchema,
  commentWriteAnswerSchema,
  myCommentsSchema,
} from '#shared/schemas/responses/comments';
import { deletedSchema, messageSchema } from '#shared/schemas/responses/common';
import type { AppContext } from '../context';
import { notFound } from '../lib/errors';
import { publicRoute, requireOwnership, requirePermission } from '../lib/policy';
import { enforce } from '../lib/rate-limit';
import { idParams, resourceRouter, responseCacheOf } from '../lib/route';
import { Tags, tagResponse } from '../lib/cache-scope';
import { clientNetwork } from '../lib/client-network';
import { currentSite } from '../settings/settings.service';
import { myModeratedComments, reportComment } from './moderation.service';
import {
  commentRules,
  requireNotBanned,
  commentOwnership,
  deleteComment,
  editComment,
  getVisibleComment,
  listAllComments,
  listArticleComments,
  listCommentReplies,
  postComment,
} from './comments.service';

const ARTICLE_NOT_FOUND = 'Article not found';
const COMMENT_NOT_FOUND = 'Comment not found';
const NEWEST = `its newest replies (at most ${LIMITS.commentRepliesShown}) nested, and replyCount`;

/** Reports one reader may send an hour: each is also once per comment. */
const REPORTS_PER_HOUR = 30;

export function commentsRouter(ctx: AppContext): Router {
  const { db, limits } = ctx;
  const { router, route } = resourceRouter('/comments');

  /** The comment settings for a post or an edit by `userId`, once they are known not to be banned (403). */
  const writersRules = async (userId: string) => {
    const [rules, site] = await Promise.all([commentRules(db), currentSite(db, ctx.cache)]);
    await requireNotBanned(db, userId, site.timeZone);
    return rules;
  };

  route(
    {
      method: 'get',
      path: '/admin/all',
      summary: 'List all comments newest first, flat, with their article (authors: comments on their own articles)',
      guard: requirePermission('comments:list-all'),
      query: listAllCommentsQuerySchema,
      returns: adminCommentsPageSchema,
    },
    async ({ query, user }, req) => {
      const { page, limit } = query;
      const articleAuthorId = req.grant === 'own' ? user.id : undefined;
      const { comments, total } = await listAllComments(db, { page, limit, articleAuthorId });
      return { success: true, data: { comments, pagination: { total, page, limit } } };
    },
  );

  route(
    {
      method: 'post',
      path: '/article/:id',
      summary: `Post a comment, or a reply (parentId) to a comment of the same article, on a published article; threads are at most ${LIMITS.commentLevelsMax} levels deep, a reply to the deepest level joins it`,
      guard: requirePermission('comments:create'),
      params: idParams,
      body: createCommentInputSchema,
      status: 201,
      returns: commentWriteAnswerSchema,
      errors: {
        403: 'the reader is banned from commenting',
        404: 'the article does not exist or is not published',
        429: "more comments in a minute than the settings allow, from the reader or from the reader's network (Retry-After)",
      },
      purges: ({ params }) => [Tags.comments(params.id)],
    },
    async ({ params, body, user }, req) => {
      const rules = await writersRules(user.id);
      await enforce(limits, `comments:${user.id}`, rules.perUserPerMinute, COMMENT_RATE_LIMIT.windowMs, COMMENT_MESSAGES.rateLimited);
      await enforce(
        limits,
        `comments:net:${clientNetwork(req)}`,
        rules.perNetworkPerMinute,
        COMMENT_RATE_LIMIT.windowMs,
        COMMENT_MESSAGES.networkRateLimited,
      );
      const comment = await postComment(db, params.id, { id: user.id, role: user.role }, body, rules);
      return { success: true, data: comment, message: comment?.status === 'held' ? COMMENT_MESSAGES.held : COMMENT_MESSAGES.posted };
    },
  );

  route(
    {
      method: 'post',
      path: '/:id/report',
      summary: `Report a comment to the moderators, once per reader, with a reason (${COMMENT_REPORT_REASONS.join(', ')})`,
      guard: requirePermission('comments:report'),
      params: idParams,
      body: reportCommentInputSchema,
      status: 201,
      returns: messageSchema,
      errors: {
        400: 'your own comment',
        404: 'no such comment shown on a published article',
        409: 'you reported it already',
        429: `more than ${REPORTS_PER_HOUR} reports in an hour`,
      },
    },
    async ({ params, body, user }) => {
      await enforce(
        limits,
        `comment-reports:${user.id}`,
        REPORTS_PER_HOUR,
        3_600_000,
        'You have reported many comments this hour. Please try again later.',
      );
      await reportComment(db, params.id, user.id, body.reason);
      return { message: COMMENT_MESSAGES.reported };
    },
  );

  route(
    {
      method: 'get',
      path: '/mine',
      summary: 'Your own comments that readers do not see on an article: held for a moderator, or hidden by one, and why',
      guard: requirePermission('comments:create'),
      query: myCommentsQuerySchema,
      returns: myCommentsSchema,
    },
    async ({ query, user }) => ({ success: true, data: await myModeratedComments(db, user.id, query.articleId) }),
  );

  route(
    {
      method: 'get',
      path: '/article/:id',
      summary: `A published article's top-level comments newest first, each with ${NEWEST}`,
      guard: publicRoute,
      params: idParams,
      query: listArticleCommentsQuerySchema,
      returns: {
        schema: articleCommentsPageSchema,
        description: `A page of top-level comments (total counts them), replies nested; at most ${1 + LIMITS.commentRepliesShown} comments per top-level comment asked for, the shallowest first`,
      },
      errors: { 404: 'the article does not exist or is not published' },
      cacheTags: ({ params }) => [Tags.comments(params.id), Tags.article(params.id)],
    },
    async ({ params, query }) => {
      const { limit, offset, includeReplies } = query;
      const { total, comments } = await listArticleComments(db, params.id, { limit, offset, includeReplies });
      if (total === null) throw notFound(ARTICLE_NOT_FOUND);
      return { success: true, data: comments, pagination: { total, limit, offset } };
    },
  );

  route(
    {
      method: 'get',
      path: '/:id/replies',
      summary: `A page of a comment's direct replies newest first, each with ${NEWEST} (a published article's comment)`,
      guard: publicRoute,
      params: idParams,
      query: listCommentRepliesQuerySchema,
      returns: {
        schema: commentRepliesPageSchema,
        description: `A page of replies (total counts them), their replies nested; at most ${1 + LIMITS.commentRepliesShown} comments per reply asked for`,
      },
      errors: { 404: 'no such comment, or its article is not published' },
      // The tags name the comment's article, which the read itself finds.
      cacheTags: 'by handler',
    },
    async ({ params, query }) => {
      const { limit, offset } = query;
      const page = await listCommentReplies(db, params.id, { limit, offset });
      if (!page) throw notFound(COMMENT_NOT_FOUND);
      tagResponse([Tags.comments(page.articleId), Tags.article(page.articleId)]);
      return { success: true, data: page.comments, pagination: { total: page.total, limit, offset } };
    },
  );

  route(
    {
      method: 'get',
      path: '/:id',
      summary: `One comment of a published article, with ${NEWEST}`,
      guard: publicRoute,
      params: idParams,
      returns: commentAnswerSchema,
      errors: { 404: 'no such comment, or its article is not published' },
    },
    async ({ params }, _req, res) => {
      const comment = await getVisibleComment(db, params.id);
      res.set('Cache-Control', 'public, max-age=5');
      return { success: true, data: comment };
    },
  );

  route(
    {
      method: 'put',
      path: '/:id',
      summary: 'Edit your own comment (every role edits only its own); marks it edited',
      guard: requirePermission('comments:edit'),
      params: idParams,
      body: updateCommentInputSchema,
      returns: commentWriteAnswerSchema,
      errors: {
        403: "someone else's comment, or the reader is banned from commenting",
        404: 'no such comment',
        409: 'a moderator removed it, or it waits for one',
      },
      purges: 'by handler',
    },
    async ({ params, body, user }, req) => {
      const existing = await commentOwnership(db, params.id);
      requireOwnership(user, 'comments:edit', existing.authorId);
      // A banned reader's words stay as they were.
      const comment = await editComment(db, params.id, body.content, await writersRules(user.id));
      await responseCacheOf(req).purge([Tags.comments(existing.articleId)]);
      return { success: true, data: comment, message: COMMENT_MESSAGES.updated };
    },
  );

  route(
    {
      method: 'delete',
      path: '/:id',
      summary: 'Delete a comment and all its replies (readers and authors: their own; editors and admins: any)',
      guard: requirePermission('comments:delete'),
      params: idParams,
      returns: deletedSchema,
      errors: { 403: "someone else's comment", 404: 'no such comment' },
      purges: 'by handler',
    },
    async ({ params, user }, req) => {
      const existing = await commentOwnership(db, params.id);
      requireOwnership(user, 'comments:delete', existing.authorId);
      await deleteComment(db, params.id, existing.authorId === user.id ? undefined : user);
      await responseCacheOf(req).purge([Tags.comments(existing.articleId)]);
      return { success: true, message: COMMENT_MESSAGES.deleted };
    },
  );

  return router;
}
