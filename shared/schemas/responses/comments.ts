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
