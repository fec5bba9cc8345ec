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
  /** Moderation (docs/decisions/066-comment-moderation.md). */
  held: 'Your comment is awaiting moderation. It will appear once a moderator approves it.',
  networkRateLimited: 'Too many comments are being posted from your network. Please wait a moment and try again.',
  reported: 'Thank you. A moderator will look at this comment.',
  alreadyReported: 'You have already reported this comment.',
  ownReport: 'You cannot report your own comment.',
  removed: 'This comment was removed',
  notReplyable: 'This comment was removed: it cannot be replied to.',
  notEditable: 'A moderator removed this comment: it can no longer be edited.',
  heldNotEditable: 'This comment is waiting for a moderator: it can be edited once it is shown.',
  banned: 'You cannot comment on this site.',
  bannedUntil: (until: string) => `You cannot comment until ${until}.`,
  approved: 'Comment approved',
  hidden: 'Comment hidden',
  bannedUser: 'The reader can no longer comment',
  unbanned: 'The reader can comment again',
} as const;

/** Why a reader reports a comment, as the report form offers it. */
export const COMMENT_REPORT_REASONS = ['spam', 'abuse', 'off-topic', 'misinformation', 'other'] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];
export const COMMENT_REPORT_LABELS: Record<CommentReportReason, string> = {
  spam: 'Spam or advertising',
  abuse: 'Abuse, harassment or hate',
  'off-topic': 'Off topic',
  misinformation: 'False or misleading',
  other: 'Something else',
};

export const reportCommentInputSchema = z.object({
  reason: z.enum(COMMENT_REPORT_REASONS, { error: `reason must be one of: ${COMMENT_REPORT_REASONS.join(', ')}` }),
});

const moderatorText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .refine(hasVisibleText, `${field} is required`)
    .max(LIMITS.moderationNoteMax, `${field} must be at most ${LIMITS.moderationNoteMax} characters`);

/** POST /api/moderation/comments/:id/hide: why, which the comment's author reads. */
export const hideCommentInputSchema = z.object({ reason: moderatorText('Reason') });

/** PUT /api/moderation/bans/:userId: until when (an instant in the future; null: for good), and why. */
export const banInputSchema = z.object({
  until: z.iso.datetime({ offset: true, error: 'until must be a date and time like 2026-12-01T09:00:00Z, or null for good' }).nullable(),
  reason: moderatorText('Reason'),
});

export const MODERATION_QUEUES = ['reported', 'held', 'hidden', 'recent'] as const;
export type ModerationQueue = (typeof MODERATION_QUEUES)[number];

/** GET /api/moderation/comments: one queue, a page of it. */
export const moderationQueueQuerySchema = z.object({
  queue: z.enum(MODERATION_QUEUES, { error: `queue must be one of: ${MODERATION_QUEUES.join(', ')}` }).default('reported'),
  page: queryCount('page', 1, 100_000, 1),
  limit: queryCount('limit', 1, 100, 20),
});

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

/** GET /api/comments/mine: the signed-in reader's held and hidden comments on one article. */
export const myCommentsQuerySchema = z.object({ articleId: z.uuid({ error: 'articleId must be an article id' }).toLowerCase() });
