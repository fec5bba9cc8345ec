import type { Article } from '#shared/types';
import type { Db, Tx } from '../db/client';
import { requireOwnership, type AuthUser } from '../lib/policy';
import { articleSelect, toArticles, type ArticleRow } from './article.mapper';
import { articleNotFound, canRead, ownedArticleRow, requireEditableInReview } from './article-records';

/** What the article services share of the database: reading an article for a caller, and the locks of its writes. */

/**
 * Every change to story slots (main story per section, the three featured stories) runs in a
 * transaction that first takes this advisory lock, so concurrent requests queue instead of both
 * seeing a free slot. The partial unique index on main stories is the backstop.
 */
const STORY_SLOTS_LOCK = 7_340_001;
export const lockStorySlots = (tx: Tx) => tx.$executeRaw`SELECT pg_advisory_xact_lock(${STORY_SLOTS_LOCK}::bigint)`;

/**
 * Every read-then-write of one article holds its row lock until the transaction ends, so what was
 * checked (owner, version, section, main-story flag) is still true when the write lands.
 */
export const lockArticle = (tx: Tx, id: string) => tx.$executeRaw`SELECT 1 FROM "Article" WHERE id = ${id}::uuid FOR UPDATE`;

/**
 * Reads an article in the wire shape. Writes select only what they need and the article is read
 * afterwards, outside any transaction: Prisma loads relations in parallel, which a transaction's
 * single connection would have to queue.
 */
export async function readArticle(db: Db, id: string): Promise<Article> {
  const [article] = await toArticles(db, [await db.article.findUniqueOrThrow({ where: { id }, select: articleSelect })]);
  return article!;
}

export async function findReadable(db: Db, id: string, user: AuthUser | undefined): Promise<ArticleRow> {
  const row = await db.article.findUnique({ where: { id }, select: articleSelect });
  if (!row || !canRead(user, ownedArticleRow(row))) throw articleNotFound();
  return row;
}

/** An article the caller may edit: 404 when they may not even see it, 403 when they see it but may not edit it. */
export async function findEditable(db: Db, id: string, user: AuthUser): Promise<ArticleRow> {
  const row = await findReadable(db, id, user);
  requireOwnership(user, 'articles:edit', ownedArticleRow(row).owners);
  requireEditableInReview(user, row.status);
  return row;
}
