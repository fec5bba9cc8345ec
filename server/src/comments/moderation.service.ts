import { COMMENT_MESSAGES, type CommentReportReason, type ModerationQueue } from '#shared/schemas/comments';
import type { z } from 'zod';
import type { commentBanSchema, moderationCommentSchema, myCommentsSchema } from '#shared/schemas/responses/comments';
import type { Db } from '../db/client';
import { Prisma } from '../generated/prisma/client';
import { badRequest, conflict, notFound } from '../lib/errors';
import { prismaCode } from '../lib/error-middleware';
import { audit, changed, type Actor } from '../audit/audit.service';

/**
 * Comment moderation (docs/decisions/066-comment-moderation.md): readers' reports, the moderators' queue and their
 * actions (approve, hide, ban from commenting), and what a comment's author is told about their held or hidden comments.
 */

type ModerationComment = z.output<typeof moderationCommentSchema>;
type MyComment = z.output<typeof myCommentsSchema>['data'][number];
type CommentBan = z.output<typeof commentBanSchema>;

const COMMENT_NOT_FOUND = 'Comment not found';
const STAFF_NOT_BANNED = 'Members of staff are not banned from commenting: suspend the account instead.';

/** A reader's report of a comment shown on a published article: once per reader (409), never their own (400). */
export async function reportComment(db: Db, commentId: string, reporterId: string, reason: CommentReportReason): Promise<void> {
  const comment = await db.comment.findFirst({
    where: { id: commentId, status: 'visible', article: { status: 'published' } },
    select: { authorId: true },
  });
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  if (comment.authorId === reporterId) throw badRequest(COMMENT_MESSAGES.ownReport);
  try {
    await db.commentReport.create({
      data: { commentId, reporterId, reason: reason === 'off-topic' ? 'off_topic' : reason },
      select: { id: true },
    });
  } catch (err) {
    if (prismaCode(err) === 'P2002') throw conflict(COMMENT_MESSAGES.alreadyReported);
    throw err;
  }
}

/** The signed-in reader's comments on an article that readers do not see, or see removed: held or hidden, and why. */
export async function myModeratedComments(db: Db, userId: string, articleId: string): Promise<MyComment[]> {
  const rows = await db.comment.findMany({
    where: { authorId: userId, articleId, status: { not: 'visible' } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 100,
    select: { id: true, content: true, parentId: true, status: true, moderationNote: true, createdAt: true },
  });
  return rows.map((r) => ({ ...r, status: r.status as MyComment['status'], createdAt: r.createdAt.toISOString() }));
}

interface QueueRow {
  id: string;
  content: string;
  status: ModerationComment['status'];
  moderationNote: string | null;
  createdAt: Date;
  isEdited: boolean;
  parentId: string | null;
  articleId: string;
  articleTitle: string;
  authorId: string;
  authorName: string;
  authorRole: string;
  banUntil: Date | null;
  banned: boolean;
  openReports: number;
  reasons: Record<string, number> | null;
  moderatorName: string | null;
  moderatedAt: Date | null;
  total: number;
}

/** Which comments each queue holds, and in which order. */
const QUEUES: Record<ModerationQueue, { where: Prisma.Sql; order: Prisma.Sql }> = {
  // Most reported first, then the latest reported.
  reported: {
    where: Prisma.sql`EXISTS (SELECT 1 FROM "CommentReport" r WHERE r."commentId" = c.id AND r."resolvedAt" IS NULL)`,
    order: Prisma.sql`"openReports" DESC, (SELECT max(r."createdAt") FROM "CommentReport" r WHERE r."commentId" = c.id) DESC, c.id DESC`,
  },
  held: { where: Prisma.sql`c.status = 'held'`, order: Prisma.sql`c."createdAt" DESC, c.id DESC` },
  hidden: { where: Prisma.sql`c.status = 'hidden'`, order: Prisma.sql`c."moderatedAt" DESC NULLS LAST, c.id DESC` },
  recent: { where: Prisma.sql`true`, order: Prisma.sql`c."createdAt" DESC, c.id DESC` },
};

/** A page of one queue, each comment with its article, author (and their ban), open reports and last moderator. */
export async function moderationQueue(
  db: Db,
  queue: ModerationQueue,
  page: number,
  limit: number,
): Promise<{ data: ModerationComment[]; pagination: { total: number; page: number; limit: number } }> {
  const { where, order } = QUEUES[queue];
  const rows = await db.$queryRaw<QueueRow[]>`
    SELECT c.id::text AS id, c.content, c.status::text AS status, c."moderationNote", c."createdAt", c."isEdited",
      c."parentId"::text AS "parentId", a.id::text AS "articleId", a.title AS "articleTitle",
      u.id::text AS "authorId", u.name AS "authorName", u.role::text AS "authorRole",
      b.until AS "banUntil", (b."userId" IS NOT NULL AND (b.until IS NULL OR b.until > now())) AS banned,
      (SELECT count(*) FROM "CommentReport" r WHERE r."commentId" = c.id AND r."resolvedAt" IS NULL)::int AS "openReports",
      (SELECT json_object_agg(x.reason, x.n) FROM (
        SELECT r.reason::text AS reason, count(*)::int AS n FROM "CommentReport" r
        WHERE r."commentId" = c.id AND r."resolvedAt" IS NULL GROUP BY r.reason) x) AS reasons,
      m.name AS "moderatorName", c."moderatedAt",
      count(*) OVER ()::int AS total
    FROM "Comment" c
    JOIN "Article" a ON a.id = c."articleId"
    JOIN "User" u ON u.id = c."authorId"
    LEFT JOIN "CommentBan" b ON b."userId" = c."authorId"
    LEFT JOIN "User" m ON m.id = c."moderatedById"
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
  return {
    data: rows.map((r) => ({
      id: r.id,
      content: r.content,
      status: r.status,
      moderationNote: r.moderationNote,
      createdAt: r.createdAt.toISOString(),
      isEdited: r.isEdited,
      parentId: r.parentId,
      article: { id: r.articleId, title: r.articleTitle },
      author: {
        id: r.authorId,
        name: r.authorName,
        role: r.authorRole,
        bannedUntil: !r.banned ? null : r.banUntil ? r.banUntil.toISOString() : 'forever',
      },
      reports: { open: r.openReports, reasons: r.reasons ?? {} },
      moderatedBy: r.moderatorName === null ? null : { name: r.moderatorName },
      moderatedAt: r.moderatedAt?.toISOString() ?? null,
    })),
    pagination: { total: rows[0]?.total ?? (page > 1 ? await queueSize(db, queue) : 0), page, limit },
  };
}

async function queueSize(db: Db, queue: ModerationQueue): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Comment" c WHERE ${QUEUES[queue].where}`;
  return row?.n ?? 0;
}

/** What waits for the moderators: comments with open reports, and comments held. */
export async function moderationCounts(db: Db): Promise<{ reported: number; held: number }> {
  const [reported, held] = await Promise.all([
    db.$queryRaw<{ n: number }[]>`SELECT count(DISTINCT "commentId")::int AS n FROM "CommentReport" WHERE "resolvedAt" IS NULL`,
    db.comment.count({ where: { status: 'held' } }),
  ]);
  return { reported: reported[0]?.n ?? 0, held };
}

/**
 * A moderator's decision on a comment, in one transaction with its open reports resolved: `visible` (approved), or
 * `hidden` with the reason its author reads. Answers the article, whose comments the caller purges.
 */
export async function moderate(
  db: Db,
  id: string,
  moderator: Actor,
  decision: { status: 'visible' } | { status: 'hidden'; reason: string },
): Promise<{ articleId: string }> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    // Locked, so "before" is what this decision replaces, not what a moderator acting at the same time left.
    await tx.$executeRaw`SELECT 1 FROM "Comment" WHERE id = ${id}::uuid FOR UPDATE`;
    const before = await tx.comment.findUnique({ where: { id }, select: { status: true, moderationNote: true, content: true } });
    if (!before) throw notFound(COMMENT_NOT_FOUND);
    const after = { status: decision.status, moderationNote: decision.status === 'hidden' ? decision.reason : null };
    // Locked and read above: the row is there.
    const comment = await tx.comment.update({
      where: { id },
      data: { ...after, moderatedById: moderator.id, moderatedAt: now },
      select: { articleId: true },
    });
    await tx.commentReport.updateMany({ where: { commentId: id, resolvedAt: null }, data: { resolvedAt: now } });
    const action = decision.status === 'hidden' ? 'comment.hide' : 'comment.approve';
    await audit(tx, moderator, action, commentTarget(id, before.content), changed(before, after));
    return comment;
  });
}

/** A comment in the audit log: its first words. */
export const commentTarget = (id: string, content: string) => ({
  type: 'comment',
  id,
  label: content.length > 80 ? `${content.slice(0, 79)}…` : content,
});

/** Bans a reader from commenting until `until` (null: for good); a member of staff is not banned (400). */
export async function banFromCommenting(
  db: Db,
  userId: string,
  moderator: Actor,
  { until, reason }: { until: string | null; reason: string },
): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { role: true, name: true } });
  if (!user) throw notFound('User not found');
  if (user.role !== 'user') throw badRequest(STAFF_NOT_BANNED);
  const ends = until === null ? null : new Date(until);
  if (ends && ends.getTime() <= Date.now()) throw badRequest('until must be in the future');
  const data = { until: ends, reason, bannedById: moderator.id, createdAt: new Date() };
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "CommentBan" WHERE "userId" = ${userId}::uuid FOR UPDATE`;
    const before = await tx.commentBan.findUnique({ where: { userId }, select: { until: true, reason: true } });
    await tx.commentBan.upsert({ where: { userId }, create: { userId, ...data }, update: data, select: { userId: true } });
    const changes = changed(
      { banned: before !== null, until: before?.until ?? null, reason: before?.reason ?? null },
      { banned: true, until: ends, reason },
    );
    await audit(tx, moderator, 'commenter.ban', { type: 'commenter', id: userId, label: user.name }, changes);
  });
}

/** Lifts a reader's ban; 404 when there is none. */
export async function liftBan(db: Db, userId: string, moderator: Actor): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "CommentBan" WHERE "userId" = ${userId}::uuid FOR UPDATE`;
    const ban = await tx.commentBan.findUnique({
      where: { userId },
      select: { until: true, reason: true, user: { select: { name: true } } },
    });
    const { count } = await tx.commentBan.deleteMany({ where: { userId } });
    if (!ban || count === 0) throw notFound('This reader is not banned from commenting');
    const changes = { banned: [true, false], until: [ban.until?.toISOString() ?? null, null], reason: [ban.reason, null] } as const;
    await audit(tx, moderator, 'commenter.unban', { type: 'commenter', id: userId, label: ban.user.name }, changes);
  });
}

/** The bans in force, the latest first. */
export async function listBans(db: Db): Promise<CommentBan[]> {
  const rows = await db.commentBan.findMany({
    where: { OR: [{ until: null }, { until: { gt: new Date() } }] },
    orderBy: { createdAt: 'desc' },
    take: 500,
    select: {
      until: true,
      reason: true,
      createdAt: true,
      user: { select: { id: true, name: true } },
      bannedBy: { select: { name: true } },
    },
  });
  return rows.map((r) => ({ ...r, until: r.until?.toISOString() ?? null, createdAt: r.createdAt.toISOString() }));
}
