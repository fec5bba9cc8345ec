import { LIMITS } from '#shared/constants';
import type { Comment } from '#shared/types';
import { publishedOnly } from '../articles/article.mapper';
import { poolOf, type Db } from '../db/client';
import { blockedWordIn } from '#shared/blocked-words';
import { COMMENT_MESSAGES } from '#shared/schemas/comments';
import { conflict, forbidden, notFound, validationFailed } from '../lib/errors';
import { Prisma } from '../generated/prisma/client';
import { toComment, toCommentTrees, type Audience, type CommentRow } from './comment.mapper';
import { commentTarget } from './moderation.service';
import { audit, type Actor } from '../audit/audit.service';
import { prismaCode } from '../lib/error-middleware';

/** The comment's own columns, carried through the recursive walks below. */
const COMMENT_COLUMNS = Prisma.sql`r.id, r.content, r."articleId", r."authorId", r."parentId", r."isEdited", r."createdAt", r."updatedAt", r.status, r."moderationNote"`;

/**
 * The columns of a CommentRow for a comment row `c`: the names and the quoted parent come from scalar
 * subqueries, i.e. primary-key lookups for just the rows answered. (Plain joins let the planner, which
 * cannot estimate a recursive walk, hash the whole Comment and User tables for a thread of 30 comments.)
 */
const COLUMNS = Prisma.sql`
  c.id::text AS id, c.content, c."articleId"::text AS "articleId", c."authorId"::text AS "authorId",
  (SELECT u.name FROM "User" u WHERE u.id = c."authorId") AS "authorName",
  c."parentId"::text AS "parentId",
  (SELECT left(p.content, ${LIMITS.commentQuoteChars}) FROM "Comment" p WHERE p.id = c."parentId" AND p.status = 'visible') AS "parentContent",
  (SELECT u.name FROM "Comment" p JOIN "User" u ON u.id = p."authorId" WHERE p.id = c."parentId") AS "parentAuthorName",
  c."isEdited", c."createdAt", c."updatedAt", c.status::text AS status, c."moderationNote",
  (SELECT count(*) FROM "Comment" x WHERE x."parentId" = c.id AND x.status <> 'held')::int AS "replyCount"`;

/** A CommentRow of an outer join: every column null when there is no comment. */
type NullableRow = { [K in keyof CommentRow]: CommentRow[K] | null };

const ARTICLE_NOT_FOUND = 'Article not found';
const COMMENT_NOT_FOUND = 'Comment not found';

const NEWEST_FIRST = Prisma.sql`ORDER BY c."createdAt" DESC, c.id DESC`;

/**
 * Threads are at most this many levels deep (replies attach within it, see replyParent), so a read walks
 * down at most this many levels: its work and the nesting of the JSON answer are bounded, whatever the rows.
 */
const LEVELS = LIMITS.commentLevelsMax;

/** The newest replies each comment of a read carries; the others are paged (listCommentReplies). */
const REPLIES_SHOWN = LIMITS.commentRepliesShown;

/**
 * The most comments a read answers for `asked` comments (a page of them, or one): 1 + REPLIES_SHOWN for each,
 * and for one comment, enough to reach the end of a chain of replies LEVELS deep. At most 400 (a page of 100).
 */
export const commentsPerAnswer = (asked: number) => Math.max(asked, LEVELS) * (1 + REPLIES_SHOWN);

/**
 * The CTEs `tree` and `found` of a read, below its CTE `roots` (the comments asked for: COMMENT_COLUMNS and
 * level 1). Each comment brings its REPLIES_SHOWN newest replies, read in order from their index (a LATERAL
 * LIMIT), level after level down to LEVELS. The whole answer holds at most commentsPerAnswer(asked) comments:
 * PostgreSQL walks a recursive query breadth first and stops where the LIMIT above it stops reading, so the
 * shallowest comments are kept and no tree shape (8 levels of N replies each grows as N^7) makes the read or
 * its answer larger. A comment cut off shows its replyCount; its replies are paged (listCommentReplies).
 */
const newestReplies = (asked: number, includeReplies = true) => Prisma.sql`
  tree AS (
    SELECT * FROM roots
    UNION ALL
    SELECT ${COMMENT_COLUMNS}, t.level + 1 FROM tree t CROSS JOIN LATERAL (
      SELECT x.id FROM "Comment" x WHERE x."parentId" = t.id AND x.status <> 'held' ORDER BY x."createdAt" DESC, x.id DESC LIMIT ${REPLIES_SHOWN}
    ) newest JOIN "Comment" r ON r.id = newest.id
    WHERE ${includeReplies}::boolean AND t.level < ${LEVELS}
  ), found AS (
    SELECT ${COLUMNS} FROM (SELECT * FROM tree LIMIT ${commentsPerAnswer(asked)}) c
  )`;

/**
 * Where a reply to `parentId` goes: under that comment, or, when that comment is at the deepest level,
 * under its parent, so the reply joins the deepest level instead of opening a new one. null when there
 * is no such comment. One statement that walks up at most LEVELS ancestors (every thread is within the
 * cap, the migration that introduced it moved older replies up).
 */
export async function replyParent(db: Db, parentId: string): Promise<{ id: string; articleId: string } | null> {
  const chain = await db.$queryRaw<{ id: string; articleId: string }[]>`
    WITH RECURSIVE up AS (
      SELECT c.id, c."articleId", c."parentId", 1 AS step FROM "Comment" c WHERE c.id = ${parentId}::uuid
      UNION ALL
      SELECT c.id, c."articleId", c."parentId", up.step + 1 FROM "Comment" c JOIN up ON c.id = up."parentId" WHERE up.step < ${LEVELS}
    )
    SELECT id::text AS id, "articleId"::text AS "articleId" FROM up ORDER BY step`;
  // The walk stops at the top-level comment, so fewer than LEVELS rows means the parent is above the deepest level.
  return (chain.length < LEVELS ? chain[0] : chain[1]) ?? null;
}

export interface ArticleCommentsPage {
  /** null when the article does not exist or is not published. */
  total: number | null;
  comments: Comment[];
}

/**
 * One page of an article's top-level comments with their newest replies beneath them (newestReplies), in one
 * statement (the hot public read): the published check and the top-level count, the page of roots, and the
 * walk down. No rows: the article is not published; one row without a comment: no comments.
 * The roots are filtered on the id itself, not joined from `article`: so they are read in order from their
 * partial index and the read stops at the page, rather than every root being read and sorted (docs/query-plans.md).
 */
export async function listArticleComments(
  db: Db,
  articleId: string,
  { limit, offset, includeReplies }: { limit: number; offset: number; includeReplies: boolean },
): Promise<ArticleCommentsPage> {
  // Sent with `pg` as a named prepared statement, like the article reads (docs/decisions/030): one plan per connection.
  const statement = Prisma.sql`
    WITH RECURSIVE article AS (
      SELECT a.id, (SELECT count(*) FROM "Comment" r WHERE r."articleId" = a.id AND r."parentId" IS NULL AND r.status <> 'held')::int AS total
      FROM "Article" a
      WHERE a.id = ${articleId}::uuid AND a.status = 'published'
    ), roots AS (
      SELECT ${COMMENT_COLUMNS}, 1 AS level FROM "Comment" r
      WHERE r."articleId" = ${articleId}::uuid AND r."parentId" IS NULL AND r.status <> 'held' AND EXISTS (SELECT FROM article)
      ORDER BY r."createdAt" DESC, r.id DESC
      LIMIT ${limit} OFFSET ${offset}
    ), ${newestReplies(limit, includeReplies)}
    SELECT article.total, found.* FROM article LEFT JOIN found ON true`;
  const { rows } = await poolOf(db).query<NullableRow & { total: number }>({
    name: 'chronicle.article-comments',
    text: statement.text,
    values: statement.values,
  });
  if (!rows[0]) return { total: null, comments: [] };
  const comments = rows.filter((row): row is CommentRow & { total: number } => row.id !== null);
  return { total: rows[0].total, comments: toCommentTrees(comments, (row) => row.parentId === null) };
}

export interface CommentRepliesPage {
  /** The article of the comment, whose comments' tag the answer carries. */
  articleId: string;
  /** The comment's direct replies, all of them. */
  total: number;
  comments: Comment[];
}

/**
 * One page of comment `id`'s direct replies, newest first, each with its newest replies beneath it
 * (newestReplies), in one statement like listArticleComments; null when there is no such comment on a
 * published article. The page is read beside the `parent` row (LATERAL) rather than for the id itself: for a
 * comment with thousands of replies, the planner would otherwise weigh walking the newest comments of the
 * whole site (Comment_createdAt_idx) against the comment's own replies, and at times choose the walk.
 */
export async function listCommentReplies(
  db: Db,
  id: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<CommentRepliesPage | null> {
  const statement = Prisma.sql`
    WITH RECURSIVE parent AS (
      SELECT p.id, p."articleId", (SELECT count(*) FROM "Comment" r WHERE r."parentId" = p.id AND r.status <> 'held')::int AS total
      FROM "Comment" p
      WHERE p.id = ${id}::uuid AND p.status <> 'held' AND EXISTS (SELECT FROM "Article" a WHERE a.id = p."articleId" AND a.status = 'published')
    ), roots AS (
      SELECT ${COMMENT_COLUMNS}, 1 AS level FROM parent p CROSS JOIN LATERAL (
        SELECT x.id FROM "Comment" x WHERE x."parentId" = p.id AND x.status <> 'held' ORDER BY x."createdAt" DESC, x.id DESC LIMIT ${limit} OFFSET ${offset}
      ) page JOIN "Comment" r ON r.id = page.id
    ), ${newestReplies(limit)}
    SELECT parent.total, parent."articleId"::text AS "threadArticleId", found.* FROM parent LEFT JOIN found ON true`;
  const { rows } = await poolOf(db).query<NullableRow & { total: number; threadArticleId: string }>({
    name: 'chronicle.comment-replies',
    text: statement.text,
    values: statement.values,
  });
  if (!rows[0]) return null;
  const comments = rows.filter((row): row is CommentRow & { total: number; threadArticleId: string } => row.id !== null);
  return {
    articleId: rows[0].threadArticleId,
    total: rows[0].total,
    comments: toCommentTrees(comments, (row) => row.parentId === id),
  };
}

/**
 * One comment with its newest replies nested beneath it (newestReplies), or null. `audience`: as toComment, for the
 * comment itself; `'own'`: revealed to its author, its replies (others' comments) as the public reads them.
 */
export async function loadCommentTree(db: Db, id: string, audience: Audience | 'own'): Promise<Comment | null> {
  const rows = await db.$queryRaw<CommentRow[]>`
    WITH RECURSIVE roots AS (
      SELECT ${COMMENT_COLUMNS}, 1 AS level FROM "Comment" r WHERE r.id = ${id}::uuid
    ), ${newestReplies(1)}
    SELECT * FROM found`;
  const of = audience === 'own' ? (row: CommentRow): Audience => (row.id === id ? 'revealed' : 'public') : audience;
  return toCommentTrees(rows, (row) => row.id === id, of)[0] ?? null;
}

export type AdminComment = Comment & { article: { id: string; title: string } };

/**
 * Every comment newest first, flat (replies empty, parent quoted); `articleAuthorId` limits it to one author's articles,
 * those they co-write included (docs/decisions/064-co-authors.md).
 */
export async function listAllComments(
  db: Db,
  { page, limit, articleAuthorId }: { page: number; limit: number; articleAuthorId?: string },
): Promise<{ comments: AdminComment[]; total: number }> {
  // An author's list is of the comments readers see on their articles (a removed one as readers see it): what is held
  // or removed, and why, is the moderators' (docs/decisions/066-comment-moderation.md).
  const scope = articleAuthorId
    ? Prisma.sql`WHERE c.status <> 'held' AND a.id IN (SELECT x.id FROM "Article" x WHERE x."authorId" = ${articleAuthorId}::uuid
        UNION ALL SELECT aa."articleId" FROM "ArticleAuthor" aa WHERE aa."userId" = ${articleAuthorId}::uuid)`
    : Prisma.empty;
  const audience: Audience = articleAuthorId ? 'public' : 'revealed';
  const [rows, counted] = await Promise.all([
    db.$queryRaw<(CommentRow & { articleTitle: string })[]>`
      SELECT ${COLUMNS}, a.title AS "articleTitle"
      FROM "Comment" c JOIN "Article" a ON a.id = c."articleId"
      ${scope}
      ${NEWEST_FIRST}
      LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    db.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM "Comment" c JOIN "Article" a ON a.id = c."articleId" ${scope}`,
  ]);
  return {
    comments: rows.map((row) => ({ ...toComment(row, audience), article: { id: row.articleId, title: row.articleTitle } })),
    total: counted[0]?.total ?? 0,
  };
}

/** The comment settings that decide whether a new comment is shown or held (docs/decisions/066-comment-moderation.md). */
export interface CommentRules {
  premoderated: boolean;
  blockedWords: string[];
  perUserPerMinute: number;
  perNetworkPerMinute: number;
}

/** The comment settings as saved (one primary-key read); a fresh install's when none are. */
export async function commentRules(db: Db): Promise<CommentRules> {
  const row = await db.siteSettings.findUnique({
    where: { id: 1 },
    select: { commentsPremoderated: true, commentsBlockedWords: true, commentsPerUserPerMinute: true, commentsPerNetworkPerMinute: true },
  });
  return {
    premoderated: row?.commentsPremoderated ?? false,
    blockedWords: row?.commentsBlockedWords ?? [],
    perUserPerMinute: row?.commentsPerUserPerMinute ?? 10,
    perNetworkPerMinute: row?.commentsPerNetworkPerMinute ?? 60,
  };
}

const HELD_FOR_WORD = 'Held for review: it contains a word this site holds for a moderator.';
const HELD_FIRST = 'Held for review: a first comment is read by a moderator before it is shown.';

/** 403 while the user is banned from commenting (until a time, or for good). */
export async function requireNotBanned(db: Db, userId: string, timeZone: string): Promise<void> {
  const ban = await db.commentBan.findUnique({ where: { userId }, select: { until: true } });
  if (!ban || (ban.until && ban.until.getTime() <= Date.now())) return;
  if (!ban.until) throw forbidden(COMMENT_MESSAGES.banned);
  const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(ban.until);
  throw forbidden(COMMENT_MESSAGES.bannedUntil(until));
}

/**
 * Posts a comment, or a reply to `parentId`, on a published article (404 otherwise); answers it as a tree, as its author
 * sees it. A reply must be to a shown comment of the same article (a removed one cannot be replied to). It is held for
 * a moderator when it holds a blocked word, or, with pre-moderation on, when its author (a reader) has no comment shown yet.
 */
export async function postComment(
  db: Db,
  articleId: string,
  author: { id: string; role: string },
  input: { content: string; parentId?: string | null },
  rules: CommentRules,
): Promise<Comment | null> {
  const [article, parent] = await Promise.all([
    db.article.findFirst({ where: { id: articleId, ...publishedOnly }, select: { id: true } }),
    input.parentId ? replyParent(db, input.parentId) : null,
  ]);
  if (!article) throw notFound(ARTICLE_NOT_FOUND);
  // The comment replied to, and the one the reply goes under (its parent, at the deepest level): both must be shown.
  const statuses = input.parentId
    ? await db.comment.findMany({ where: { id: { in: [input.parentId, parent?.id ?? input.parentId] } }, select: { status: true } })
    : [];
  if (input.parentId && (parent?.articleId !== article.id || statuses.some((c) => c.status === 'held')))
    throw validationFailed(['The comment you are replying to is not on this article']);
  if (statuses.some((c) => c.status === 'hidden')) throw validationFailed([COMMENT_MESSAGES.notReplyable]);
  const blocked = blockedWordIn(input.content, rules.blockedWords) !== null;
  const firstTime =
    !blocked &&
    rules.premoderated &&
    author.role === 'user' &&
    !(await db.comment.findFirst({ where: { authorId: author.id, status: 'visible' }, select: { id: true } }));
  const held = blocked || firstTime;
  const created = await db.comment.create({
    data: {
      content: input.content,
      articleId: article.id,
      authorId: author.id,
      parentId: parent?.id ?? null,
      ...(held ? { status: 'held', moderationNote: blocked ? HELD_FOR_WORD : HELD_FIRST } : {}),
    },
    select: { id: true },
  });
  return loadCommentTree(db, created.id, 'own');
}

/** One shown (or removed) comment of a published article with its replies nested; 404 for any other. */
export async function getVisibleComment(db: Db, id: string): Promise<Comment> {
  const [visible, comment] = await Promise.all([
    db.comment.findFirst({ where: { id, status: { not: 'held' }, article: publishedOnly }, select: { id: true } }),
    loadCommentTree(db, id, 'public'),
  ]);
  if (!visible || !comment) throw notFound(COMMENT_NOT_FOUND);
  return comment;
}

/** Who wrote comment `id`, on which article and where it stands (the ownership check, the purge); 404 when none. */
export async function commentOwnership(db: Db, id: string): Promise<{ authorId: string; articleId: string; status: string }> {
  const existing = await db.comment.findUnique({ where: { id }, select: { authorId: true, articleId: true, status: true } });
  if (!existing) throw notFound(COMMENT_NOT_FOUND);
  return existing;
}

/**
 * New content for comment `id`, marked edited; answers it as a tree, as its author sees it. Only a shown comment is
 * edited (409 otherwise: a removed one is not, and a held one waits as the moderators read it); one that now holds a
 * blocked word is held for a moderator.
 */
export async function editComment(db: Db, id: string, content: string, rules: CommentRules): Promise<Comment | null> {
  const blocked = blockedWordIn(content, rules.blockedWords) !== null;
  const { count } = await db.comment.updateMany({
    where: { id, status: 'visible' },
    data: { content, isEdited: true, ...(blocked ? { status: 'held', moderationNote: HELD_FOR_WORD } : {}) },
  });
  if (count === 0) {
    const now = await db.comment.findUnique({ where: { id }, select: { status: true } });
    if (!now) throw notFound(COMMENT_NOT_FOUND);
    throw conflict(now.status === 'held' ? COMMENT_MESSAGES.heldNotEditable : COMMENT_MESSAGES.notEditable);
  }
  return loadCommentTree(db, id, 'own');
}

/**
 * Deletes comment `id` and all its replies. A moderator's deletion of someone else's comment (`moderator`) is recorded in
 * the audit log, with what was removed; an author's of their own is not a staff action.
 */
export async function deleteComment(db: Db, id: string, moderator?: Actor): Promise<void> {
  await db.$transaction(async (tx) => {
    const removed = await tx.comment
      .delete({ where: { id }, select: { content: true, author: { select: { name: true } } } })
      .catch((err: unknown) => {
        throw prismaCode(err) === 'P2025' ? notFound(COMMENT_NOT_FOUND) : err;
      });
    if (!moderator) return;
    const changes = { content: [removed.content, null], author: [removed.author.name, null] } as const;
    await audit(tx, moderator, 'comment.delete', commentTarget(id, removed.content), changes);
  });
}
