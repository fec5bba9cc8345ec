import type { Comment } from '../../../shared/types';
import type { Db } from '../db/client';
import { Prisma } from '../generated/prisma/client';
import { toComment, toCommentTrees, type CommentRow } from './comment.mapper';

/** The columns of a CommentRow: the comment, its author's name, and the quoted parent with its author's name. */
const COLUMNS = Prisma.sql`
  c.id::text AS id, c.content, c."articleId"::text AS "articleId", c."authorId"::text AS "authorId", u.name AS "authorName",
  c."parentId"::text AS "parentId", p.content AS "parentContent", pu.name AS "parentAuthorName",
  c."isEdited", c."createdAt", c."updatedAt"`;

const JOINS = Prisma.sql`
  JOIN "User" u ON u.id = c."authorId"
  LEFT JOIN "Comment" p ON p.id = c."parentId"
  LEFT JOIN "User" pu ON pu.id = p."authorId"`;

const NEWEST_FIRST = Prisma.sql`ORDER BY c."createdAt" DESC, c.id DESC`;

export interface ArticleCommentsPage {
  /** null when the article does not exist or is not published. */
  total: number | null;
  comments: Comment[];
}

/**
 * One page of an article's top-level comments with every reply beneath them, in two statements run side by
 * side: the published check with the top-level count, and one recursive query for the page's roots and all
 * their descendants.
 */
export async function listArticleComments(
  db: Db,
  articleId: string,
  { limit, offset, includeReplies }: { limit: number; offset: number; includeReplies: boolean },
): Promise<ArticleCommentsPage> {
  const [head, rows] = await Promise.all([
    db.$queryRaw<{ total: number }[]>`
      SELECT (SELECT count(*) FROM "Comment" c WHERE c."articleId" = a.id AND c."parentId" IS NULL)::int AS total
      FROM "Article" a
      WHERE a.id = ${articleId}::uuid AND a.status = 'published'`,
    db.$queryRaw<CommentRow[]>`
      WITH RECURSIVE roots AS (
        SELECT id FROM "Comment"
        WHERE "articleId" = ${articleId}::uuid AND "parentId" IS NULL
        ORDER BY "createdAt" DESC, id DESC
        LIMIT ${limit} OFFSET ${offset}
      ), tree AS (
        SELECT id FROM roots
        UNION ALL
        SELECT r.id FROM "Comment" r JOIN tree t ON r."parentId" = t.id WHERE ${includeReplies}::boolean
      )
      SELECT ${COLUMNS} FROM tree JOIN "Comment" c ON c.id = tree.id ${JOINS}
      ${NEWEST_FIRST}`,
  ]);
  if (!head[0]) return { total: null, comments: [] };
  return { total: head[0].total, comments: toCommentTrees(rows, (row) => row.parentId === null) };
}

/** One comment with all its replies nested beneath it, or null. */
export async function loadCommentTree(db: Db, id: string): Promise<Comment | null> {
  const rows = await db.$queryRaw<CommentRow[]>`
    WITH RECURSIVE tree AS (
      SELECT id FROM "Comment" WHERE id = ${id}::uuid
      UNION ALL
      SELECT r.id FROM "Comment" r JOIN tree t ON r."parentId" = t.id
    )
    SELECT ${COLUMNS} FROM tree JOIN "Comment" c ON c.id = tree.id ${JOINS}
    ${NEWEST_FIRST}`;
  return toCommentTrees(rows, (row) => row.id === id)[0] ?? null;
}

export type AdminComment = Comment & { article: { id: string; title: string } };

/** Every comment newest first, flat (replies empty, parent quoted); `articleAuthorId` limits it to one author's articles. */
export async function listAllComments(
  db: Db,
  { page, limit, articleAuthorId }: { page: number; limit: number; articleAuthorId?: string },
): Promise<{ comments: AdminComment[]; total: number }> {
  const scope = articleAuthorId ? Prisma.sql`WHERE a."authorId" = ${articleAuthorId}::uuid` : Prisma.empty;
  const [rows, counted] = await Promise.all([
    db.$queryRaw<(CommentRow & { articleTitle: string })[]>`
      SELECT ${COLUMNS}, a.title AS "articleTitle"
      FROM "Comment" c JOIN "Article" a ON a.id = c."articleId" ${JOINS}
      ${scope}
      ${NEWEST_FIRST}
      LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    db.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM "Comment" c JOIN "Article" a ON a.id = c."articleId" ${scope}`,
  ]);
  return {
    comments: rows.map((row) => ({ ...toComment(row), article: { id: row.articleId, title: row.articleTitle } })),
    total: counted[0]?.total ?? 0,
  };
}
