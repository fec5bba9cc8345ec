import { z } from 'zod';
import { LIMITS } from '../../constants';
import { wireId, wireInt, wireTime } from './common';

/**
 * A comment on the wire, with its newest replies nested newest first (at most LIMITS.commentLevelsMax levels,
 * at most LIMITS.commentRepliesShown replies each) and the count of all its replies.
 */
export const commentSchema = z
  .object({
    id: wireId,
    content: z.string(),
    articleId: wireId,
    author: z.object({ id: wireId, name: z.string() }),
    createdAt: wireTime,
    updatedAt: wireTime,
    isEdited: z.boolean(),
    parentId: wireId.nullable(),
    parent: z
      .object({ id: wireId, content: z.string(), author: z.object({ name: z.string() }) })
      .nullable()
      .describe('The comment replied to, quoted'),
    get replies(): z.ZodArray<typeof commentSchema> {
      return z.array(commentSchema);
    },
    /** Optional in the type for the client's fixtures; the server always sends them. */
    status: z
      .enum(['visible', 'held', 'hidden'])
      .optional()
      .describe(
        "visible; held for a moderator (only its author and moderators see it); hidden by a moderator: readers get it without its text or author name, to keep the thread's shape. Always sent",
      ),
    moderationNote: z
      .string()
      .nullable()
      .optional()
      .describe('Why it is held or hidden: sent to its author and moderators only, null to everyone else. Always sent'),
    replyCount: wireInt.describe(
      `Direct replies, all of them. \`replies\` holds the newest (at most ${LIMITS.commentRepliesShown}, fewer where the answer's bound stopped); page the others with GET /api/comments/{id}/replies`,
    ),
  })
  .meta({
    id: 'Comment',
    description: `A comment with its newest replies nested (at most ${LIMITS.commentRepliesShown}), newest first, and the count of all its replies`,
  });

/** GET /api/comments/admin/all: flat (replies empty), each with its article. */
export const adminCommentSchema = commentSchema
  // `replies` again, plainly: the recursive getter of commentSchema would be an anonymous definition of its own here.
  .extend({ replies: z.array(commentSchema), article: z.object({ id: wireId, title: z.string() }) })
  .meta({ id: 'AdminComment', description: 'A comment in the staff list, with its article (replies empty)' });

export const commentAnswerSchema = z
  .object({ success: z.literal(true), data: commentSchema })
  .describe('The comment, with its replies nested');
export const commentWriteAnswerSchema = commentAnswerSchema
  .extend({ message: z.string() })
  .describe('The comment as stored, and a sentence to show');

export const articleCommentsPageSchema = z.object({
  success: z.literal(true),
  data: z.array(commentSchema),
  pagination: z.object({ total: wireInt.describe('Top-level comments'), limit: wireInt, offset: wireInt }),
});

export const commentRepliesPageSchema = z.object({
  success: z.literal(true),
  data: z.array(commentSchema),
  pagination: z.object({ total: wireInt.describe("The comment's direct replies"), limit: wireInt, offset: wireInt }),
});

export const adminCommentsPageSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      comments: z.array(adminCommentSchema),
      pagination: z.object({ total: wireInt, page: wireInt, limit: wireInt }),
    }),
  })
  .describe('A page of comments, newest first, flat');

/** GET /api/comments/mine (docs/decisions/066-comment-moderation.md). */
export const myCommentsSchema = z
  .object({
    success: z.literal(true),
    data: z.array(
      z.object({
        id: wireId,
        content: z.string(),
        parentId: wireId.nullable(),
        status: z.enum(['held', 'hidden']),
        moderationNote: z.string().nullable(),
        createdAt: wireTime,
      }),
    ),
  })
  .describe("The caller's comments on the article that readers do not see (held) or see removed (hidden), newest first, with why");

/** One comment of the moderation queue (docs/decisions/066-comment-moderation.md). */
export const moderationCommentSchema = z
  .object({
    id: wireId,
    content: z.string(),
    status: z.enum(['visible', 'held', 'hidden']),
    moderationNote: z.string().nullable(),
    createdAt: wireTime,
    isEdited: z.boolean(),
    parentId: wireId.nullable(),
    article: z.object({ id: wireId, title: z.string() }),
    author: z.object({
      id: wireId,
      name: z.string(),
      role: z.string(),
      bannedUntil: z.string().nullable().describe('null: not banned; "forever", or when the ban ends'),
    }),
    reports: z.object({
      open: wireInt.describe('Reports no moderator has acted on yet'),
      reasons: z.record(z.string(), wireInt).describe('Open reports by reason'),
    }),
    moderatedBy: z.object({ name: z.string() }).nullable(),
    moderatedAt: wireTime.nullable(),
  })
  .meta({ id: 'ModerationComment' });

export const moderationPageSchema = z.object({
  data: z.array(moderationCommentSchema),
  pagination: z.object({ total: wireInt, page: wireInt, limit: wireInt }),
});

export const moderationCountsSchema = z
  .object({ reported: wireInt.describe('Comments with open reports'), held: wireInt.describe('Comments held for a moderator') })
  .describe('What waits for the moderators');

export const commentBanSchema = z.object({
  user: z.object({ id: wireId, name: z.string() }),
  until: wireTime.nullable().describe('null: for good'),
  reason: z.string(),
  bannedBy: z.object({ name: z.string() }).nullable(),
  createdAt: wireTime,
});
export const commentBansSchema = z.object({ data: z.array(commentBanSchema) });
