import type { Prisma } from '../../server/src/generated/prisma/client';
import { createTestApp } from './app';
import { actors, createArticle, createCategory, createUser } from './factories';

/**
 * Shared set-up of the article API tests: the app over its own database, one signed-in user per role,
 * another author (whose articles the signed-in author does not own) and a category.
 */
export async function articlesTestbed(env: Record<string, string> = {}) {
  const testApp = await createTestApp(env);
  const { byRole, headers } = await actors(testApp.ctx);
  const otherAuthor = await createUser(testApp.db, { role: 'author' });
  const category = await createCategory(testApp.db);
  const article = (overrides: Partial<Prisma.ArticleUncheckedCreateInput> = {}) =>
    createArticle(testApp.db, { authorId: otherAuthor.id, categoryId: category.id, ...overrides });
  return { ...testApp, byRole, headers, otherAuthor, category, article };
}
