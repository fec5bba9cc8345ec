import { z } from 'zod';
import { LIMITS } from '../constants';
import { limitOffsetQuery, queryCount } from './query';
import { hasVisibleText } from './text';

/** The exact texts of docs/spec/SPEC.md §5/§8 for comments, shared by the server's answers and the client's forms. */
export const COMMENT_MESSAGES = {
  empty: 'Comment cannot be empty',
  tooLong: `Comment must be at most ${LIMITS.commentMax} characters`,
  posted: 'Comment posted',
  updated: 'Comment updated',
  deleted: 'Comment deleted',
  rateLimited: 'You are posting comments too quickly. Please wait a moment and try again.',
} as const;

/** Comment posts allowed per user and window (docs/spec/CONTRACT.md §6). */
export const COMMENT_RATE_LIMIT = { max: 10, windowMs: 60_000 } as const;

/**
 * Plain text, trimmed, 1..5000 characters, not only invisible ones. The empty and too-long rules sit on the object so that the
 * server's `details` carry the exact sentence of docs/spec/SPEC.md ('Comment cannot be empty') without a field prefix.
 */
const contentField = z.string({ error: (issue) => (issue.input === undefined ? 'content is required' : 'content must be text') }).trim();

function contentRules<T extends { content: string }>(value: T, ctx: z.RefinementCtx<T>) {
  if (!hasVisibleText(value.content)) ctx.addIssue({ code: 'custom', message: COMMENT_MESSAGES.empty, input: value.content });
  else if (value.content.length > LIMITS.commentMax)
    ctx.addIssue({ code: 'custom', message: COMMENT_MESSAGES.tooLong, input: value.content });
}

export const createCommentInputSchema = z
  .object({
    content: contentField,
    parentId: z.uuid({ error: 'parentId must be a comment id' }).toLowerCase().nullish(),
  })
  .superRefine(contentRules);
export type CreateCommentInput = z.input<typeof createCommentInputSchema>;

export const updateCommentInputSchema = z.object({ content: contentField }).superRefine(contentRules);
export type UpdateCommentInput = z.input<typeof updateCommentInputSchema>;

const booleanFlag = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

/** `limit` and `offset` of a page of comments (top-level ones, or one comment's replies). */
const pageQuery = (defaultLimit: number) => limitOffsetQuery(defaultLimit, 100, 1_000_000, 'offset cannot be negative');

export const listArticleCommentsQuerySchema = z.object({ includeReplies: booleanFlag.default(true), ...pageQuery(50) });
export type ListArticleCommentsQuery = z.input<typeof listArticleCommentsQuerySchema>;

export const listCommentRepliesQuerySchema = z.object(pageQuery(20));
export type ListCommentRepliesQuery = z.input<typeof listCommentRepliesQuerySchema>;

export const listAllCommentsQuerySchema = z.object({ page: queryCount('page', 1, 100_000, 1), limit: queryCount('limit', 1, 100, 20) });
export type ListAllCommentsQuery = z.input<typeof listAllCommentsQuerySchema>;
