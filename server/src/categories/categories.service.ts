import type { Category } from '../../../shared/types';
import type { Db } from '../db/client';
import { conflict, notFound } from '../lib/errors';
import { likeLiteral } from '../lib/like';
import { slugify } from '../lib/slug';
import { categorySelect, toCategory } from './category.mapper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db.category.findMany({ select: categorySelect, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
  return rows.map(toCategory);
}

/** SPEC.md §2: a category page matches the id, or the name lowercased with spaces turned into hyphens. */
export async function findCategory(db: Db, idOrSlug: string): Promise<Category> {
  const slug = slugify(idOrSlug);
  const row = await db.category.findFirst({
    where: { OR: [...(UUID.test(idOrSlug) ? [{ id: idOrSlug }] : []), { slug }] },
    select: categorySelect,
  });
  if (!row) throw notFound('Category not found');
  return toCategory(row);
}

/** Names and slugs are unique regardless of case; the unique index on `slug` (always lower case) backs this up. */
async function assertNameFree(db: Db, name: string, slug: string, exceptId?: string): Promise<void> {
  const taken = await db.category.findFirst({
    where: {
      OR: [{ name: { equals: likeLiteral(name), mode: 'insensitive' } }, { slug: { equals: likeLiteral(slug), mode: 'insensitive' } }],
      ...(exceptId ? { NOT: { id: exceptId } } : {}),
    },
    select: { name: true },
  });
  if (taken) throw conflict(`A category named "${taken.name}" already exists.`);
}

export async function createCategory(db: Db, name: string): Promise<Category> {
  const slug = slugify(name);
  await assertNameFree(db, name, slug);
  return toCategory(await db.category.create({ data: { name, slug }, select: categorySelect }));
}

export async function renameCategory(db: Db, id: string, name: string): Promise<Category> {
  const slug = slugify(name);
  await assertNameFree(db, name, slug, id);
  return toCategory(await db.category.update({ where: { id }, data: { name, slug }, select: categorySelect }));
}

/**
 * CONTRACT.md §4: a category that still has articles (drafts included) is not deleted. The foreign key
 * (ON DELETE RESTRICT) also refuses an article created between the count and the delete.
 */
export async function deleteCategory(db: Db, id: string): Promise<void> {
  const category = await db.category.findUnique({ where: { id }, select: { name: true, _count: { select: { articles: true } } } });
  if (!category) throw notFound('Category not found');
  const n = category._count.articles;
  if (n > 0) {
    throw conflict(
      `The category "${category.name}" still has ${n} article${n === 1 ? '' : 's'}: move them to another category or delete them first.`,
    );
  }
  await db.category.delete({ where: { id } });
}
