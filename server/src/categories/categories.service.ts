import type { Category } from '#shared/types';
import { audit, type Actor } from '../audit/audit.service';
import type { Db } from '../db/client';
import { prismaCode } from '../lib/error-middleware';
import { conflict, notFound } from '../lib/errors';
import { likeLiteral } from '../lib/like';
import { categorySlug, slugCandidates } from '../lib/slug';
import { requireVersion, versionWhere, type ExpectedVersion } from '../lib/versions';
import { categorySelect, toCategory } from './category.mapper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db.category.findMany({ select: categorySelect, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
  return rows.map(toCategory);
}

/** docs/spec/SPEC.md §2: a category page matches the id, or the slug (as stored, or the name lowercased with spaces turned into hyphens). */
export async function findCategory(db: Db, idOrSlug: string): Promise<Category> {
  const row = await db.category.findFirst({
    where: { OR: [...(UUID.test(idOrSlug) ? [{ id: idOrSlug }] : []), { slug: { in: slugCandidates(idOrSlug) } }] },
    select: categorySelect,
  });
  if (!row) throw notFound('Category not found');
  return toCategory(row);
}

/** Names and slugs are unique regardless of case; the unique index on `slug` (always lower case) backs this up. */
const nameTaken = (name: string) => conflict(`A category named "${name}" already exists.`);

/** Two requests that both found a name free: the unique index refuses the second, with the same answer as the check. */
function isUniqueViolation(err: unknown): boolean {
  return prismaCode(err) === 'P2002';
}

async function assertNameFree(db: Db, name: string, slug: string, exceptId?: string): Promise<void> {
  const taken = await db.category.findFirst({
    where: {
      OR: [{ name: { equals: likeLiteral(name), mode: 'insensitive' } }, { slug: { equals: likeLiteral(slug), mode: 'insensitive' } }],
      ...(exceptId ? { NOT: { id: exceptId } } : {}),
    },
    select: { name: true },
  });
  if (taken) throw nameTaken(taken.name);
}

export async function createCategory(db: Db, actor: Actor, name: string): Promise<Category> {
  const slug = categorySlug(name);
  await assertNameFree(db, name, slug);
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.category.create({ data: { name, slug }, select: categorySelect });
      await audit(tx, actor, 'category.create', { type: 'category', id: created.id, label: name }, { name: [null, name] });
      return created;
    });
    return toCategory(row);
  } catch (err) {
    throw isUniqueViolation(err) ? nameTaken(name) : err;
  }
}

/**
 * A conditional write on the version the rename is based on (`expected`). A rename naming no version is
 * never written: the read below says why (404, then 428).
 */
export async function renameCategory(
  db: Db,
  actor: Actor,
  id: string,
  name: string,
  expected: ExpectedVersion | undefined,
): Promise<Category> {
  const slug = categorySlug(name);
  await assertNameFree(db, name, slug, id);
  let count = 0;
  try {
    if (expected) {
      count = await db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT 1 FROM "Category" WHERE id = ${id}::uuid FOR UPDATE`;
        const before = await tx.category.findUnique({ where: { id }, select: { name: true } });
        const renamed = await tx.category.updateMany({
          where: { id, ...versionWhere(expected) },
          data: { name, slug, version: { increment: 1 } },
        });
        if (before && renamed.count)
          await audit(tx, actor, 'category.rename', { type: 'category', id, label: name }, { name: [before.name, name] });
        return renamed.count;
      });
    }
  } catch (err) {
    throw isUniqueViolation(err) ? nameTaken(name) : err;
  }
  if (count === 0) {
    const current = await db.category.findUnique({ where: { id }, select: { version: true } });
    if (!current) throw notFound('Category not found');
    requireVersion('category', expected, current.version);
  }
  const row = await db.category.findUnique({ where: { id }, select: categorySelect });
  if (!row) throw notFound('Category not found');
  return toCategory(row);
}

const stillHasArticles = (name: string, n: number) =>
  conflict(`The category "${name}" still has ${n} article${n === 1 ? '' : 's'}: move them to another category or delete them first.`);

/**
 * docs/spec/CONTRACT.md §4: a category that still has articles (drafts included) is not deleted. The foreign key
 * (ON DELETE RESTRICT) also refuses an article created between the count and the delete.
 */
export async function deleteCategory(db: Db, actor: Actor, id: string): Promise<void> {
  const category = await db.category.findUnique({ where: { id }, select: { name: true, _count: { select: { articles: true } } } });
  if (!category) throw notFound('Category not found');
  const n = category._count.articles;
  if (n > 0) {
    throw stillHasArticles(category.name, n);
  }
  try {
    await db.$transaction(async (tx) => {
      await tx.category.delete({ where: { id } });
      await audit(tx, actor, 'category.delete', { type: 'category', id, label: category.name }, { name: [category.name, null] });
    });
  } catch (err) {
    // An article filed under the category between the count and the delete: the foreign key refused it.
    if (prismaCode(err) !== 'P2003') throw err;
    throw stillHasArticles(category.name, await db.article.count({ where: { categoryId: id } }));
  }
}
