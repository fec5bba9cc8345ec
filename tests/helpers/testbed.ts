import type { AppContext } from '../../server/src/context';
import type { Prisma } from '../../server/src/generated/prisma/client';
import { expect } from 'vitest';
import { whenDone } from './cleanup';
import { createTestApp } from './app';
import { authPoster, codeFrom, startMailbox } from './auth';
import { actors, createArticle, createCategory, createUser } from './factories';

/** The app over its own database, with one signed-in user per role (docs/spec/CONTRACT.md §3's actors). */
export async function actorsTestbed(env: Record<string, string> = {}) {
  const testApp = await createTestApp(env);
  return { ...testApp, ...(await actors(testApp.ctx)) };
}

/**
 * Shared set-up of the API tests about articles and what hangs on them (comments, stats, the permission table):
 * the actors, another author (whose articles the signed-in author does not own) and a category; `article` writes
 * one of the other author's in that category unless told otherwise.
 */
export async function articlesTestbed(env: Record<string, string> = {}) {
  const testbed = await actorsTestbed(env);
  const otherAuthor = await createUser(testbed.db, { role: 'author' });
  const category = await createCategory(testbed.db);
  const article = (overrides: Partial<Prisma.ArticleUncheckedCreateInput> = {}) =>
    createArticle(testbed.db, { authorId: otherAuthor.id, categoryId: category.id, ...overrides });
  return { ...testbed, otherAuthor, category, article };
}

/**
 * A category and an author, for the reader's tests (names given where a test reads them): `article` writes one of the
 * author's articles in the category, published unless told otherwise.
 */
export async function authorDesk(db: AppContext['db'], names: { category?: string; author?: string } = {}) {
  const category = await createCategory(db, names.category);
  const author = await createUser(db, { role: 'author', ...(names.author && { name: names.author }) });
  const article = (overrides: Partial<Prisma.ArticleUncheckedCreateInput> = {}) =>
    createArticle(db, { authorId: author.id, categoryId: category.id, status: 'published', ...overrides });
  return { category, author, article };
}

/**
 * The app sending its mail to a mailbox of the test's own, with `post` (an authPoster) and `codeAfter`: POST the
 * address to `path` (200), then the code of the `n`-th mail to it.
 */
export async function mailTestbed(env: Record<string, string> = {}) {
  const mailbox = await startMailbox();
  const testApp = await createTestApp({ SMTP_URL: mailbox.smtpUrl, ...env });
  whenDone(() => mailbox.close());
  const post = authPoster(testApp.app);
  const codeAfter = async (path: string, email: string, n = 1) => {
    const res = await post(path, { email });
    expect(res.status).toBe(200);
    return codeFrom(await mailbox.waitFor(email, n));
  };
  return { ...testApp, mailbox, post, codeAfter };
}
