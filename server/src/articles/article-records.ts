import type { Prisma } from '../generated/prisma/client';
import { conflict, notFound } from '../lib/errors';
import { allows, grantFor, type AuthUser } from '../lib/policy';

/** What the article services share with the routes and other folders: ids, the 404, who may read an article. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export const articleNotFound = () => notFound('Article not found');

/** Every write of an article through the API moves its version (docs/decisions/020); the view counter does not. */
export const NEXT_VERSION = { version: { increment: 1 } } as const;

/**
 * While an article is in review, its author's text is the editor's to judge: whoever edits only their own (an author)
 * withdraws it first (409), so what an editor publishes is what was submitted (docs/decisions/058-review.md). Once an
 * editor scheduled it, what goes live is what they approved: only an editor changes it, or cancels the schedule
 * (docs/decisions/059-scheduling.md).
 */
export function requireEditableInReview(user: AuthUser, status: string): void {
  // In the trash, nobody changes it: it is restored first (docs/decisions/061-trash.md).
  if (status === 'trashed') throw inTrash();
  if (grantFor(user.role, 'articles:edit') !== 'own') return;
  if (status === 'review') throw conflict('This article is in review: withdraw it to edit it.');
  if (status === 'scheduled')
    throw conflict('This article is scheduled to be published: an editor must cancel the schedule before it can be changed.');
}

/**
 * An article as its rights see it: its status and whose it is, its author and its co-authors alike: an `own` grant
 * reaches both (docs/decisions/064-co-authors.md).
 */
export interface OwnedArticle {
  status: string;
  owners: readonly string[];
}

/** What a write reads of an article to judge who may make it (ownedArticle turns it into an OwnedArticle). */
export const ownersSelect = {
  status: true,
  authorId: true,
  coAuthors: { select: { userId: true }, orderBy: { position: 'asc' } },
} satisfies Prisma.ArticleSelect;

export const ownedArticle = (row: { status: string; authorId: string; coAuthors: { userId: string }[] }): OwnedArticle => ({
  status: row.status,
  owners: [row.authorId, ...row.coAuthors.map((c) => c.userId)],
});

/** The same of an article as it is read for the wire (article.mapper.ts). */
export const ownedArticleRow = (row: { status: string; author: { id: string }; coAuthors: { user: { id: string } }[] }): OwnedArticle => ({
  status: row.status,
  owners: [row.author.id, ...row.coAuthors.map((c) => c.user.id)],
});

/** Articles by `userId` or co-written by them, in Prisma's words: their own list and counts in the dashboard. */
export const byAuthor = (userId: string) =>
  ({ OR: [{ authorId: userId }, { coAuthors: { some: { userId } } }] }) satisfies Prisma.ArticleWhereInput;

/**
 * Published articles for everyone; drafts and unpublished ones only for editors+ and their authors (else 404); one in
 * the trash only for those who may restore it.
 */
export function canRead(user: AuthUser | undefined, article: OwnedArticle): boolean {
  if (article.status === 'trashed') return allows(user, 'articles:restore');
  return article.status === 'published' || allows(user, 'articles:read-draft', article.owners);
}

export const inTrash = () => conflict('This article is in the trash: restore it first.');
