import type { Category } from '#shared/types';
import type { Prisma } from '../generated/prisma/client';
import { publishedOnly } from '../articles/article.mapper';

/** A category on the wire, with the number of its published articles (public information). */
export const categorySelect = {
  id: true,
  name: true,
  slug: true,
  version: true,
  _count: { select: { articles: { where: publishedOnly } } },
} satisfies Prisma.CategorySelect;

export type CategoryRow = Prisma.CategoryGetPayload<{ select: typeof categorySelect }>;

export function toCategory(row: CategoryRow): Category {
  return { id: row.id, name: row.name, slug: row.slug, articleCount: row._count.articles, version: row.version };
}
