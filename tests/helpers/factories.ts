import { randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { Role } from '../../shared/constants';
import { issueToken } from '../../server/src/auth/tokens.service';
import type { AppContext } from '../../server/src/context';
import type { Prisma } from '../../server/src/generated/prisma/client';
import { roleFromWire } from '../../server/src/lib/wire';
import { categorySlug } from '../../server/src/lib/slug';

/** The password of every factory user; hashed once per process at the production cost. */
export const TEST_PASSWORD = 'Test-Pass#1234';
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= bcrypt.hash(TEST_PASSWORD, 12));

const unique = () => randomUUID().slice(0, 8);
type Db = AppContext['db'];

export async function createUser(
  db: Db,
  overrides: Partial<{ role: Role; name: string; email: string; suspended: boolean; bio: string; emailVerifiedAt: Date | null }> = {},
) {
  const { role = 'user', ...rest } = overrides;
  return db.user.create({
    data: {
      name: `${role} ${unique()}`,
      email: `${role}-${unique()}@example.test`,
      passwordHash: await hashed(),
      emailVerifiedAt: new Date(),
      ...rest,
      role: roleFromWire(role),
    },
  });
}

/** A category as the API makes it; `slug` to store another (one written before the slug rule changed). */
export async function createCategory(db: Db, name = `Category ${unique()}`, slug = categorySlug(name)) {
  return db.category.create({ data: { name, slug } });
}

/** An article written straight to the database. */
export async function createArticle(
  db: Db,
  overrides: Partial<Prisma.ArticleUncheckedCreateInput> & { authorId: string; categoryId: string },
) {
  const published = overrides.status === 'published';
  const { content = '<p>The body of the article.</p>', summary = 'A summary of the article.' } = overrides;
  return db.article.create({
    data: {
      title: `Article ${unique()}`,
      summary,
      content,
      publishedAt: published ? new Date() : null,
      ...overrides,
    },
  });
}

export async function createComment(db: Db, data: { articleId: string; authorId: string; parentId?: string; content?: string }) {
  return db.comment.create({ data: { content: `Comment ${unique()}`, ...data } });
}

export async function createBreakingNews(db: Db, data: { authorId: string; status?: 'draft' | 'published'; headline?: string }) {
  return db.breakingNews.create({
    data: { headline: `Headline ${unique()}`, ...data, publishedAt: data.status === 'published' ? new Date() : null },
  });
}

/** A signed-in user of `role` with a real token (the same function login uses). */
export async function login(ctx: AppContext, role: Role, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, { ...overrides, role });
  const token = await issueToken(ctx, user);
  return { user, token, auth: { Authorization: `Bearer ${token}` } };
}

export type Actor = 'anonymous' | Role;
export const ACTORS: Actor[] = ['anonymous', 'user', 'author', 'editor', 'admin', 'super-admin'];

/** One signed-in user per role, plus anonymous (no headers), for the permission tables of docs/spec/CONTRACT.md §3. */
export async function actors(ctx: AppContext) {
  const entries = await Promise.all(
    (['user', 'author', 'editor', 'admin', 'super-admin'] as const).map(async (role) => [role, await login(ctx, role)] as const),
  );
  const byRole = Object.fromEntries(entries) as Record<Role, Awaited<ReturnType<typeof login>>>;
  const headers = (actor: Actor): Record<string, string> => (actor === 'anonymous' ? {} : byRole[actor].auth);
  return { byRole, headers };
}
