import type { Db } from '../db/client';
import { sectionToWire } from '../lib/wire';
import { publishedOnly } from './article.mapper';
import { isUuid } from './article-records';

/** What the share page and its preview image need, for a published article only. */
export async function findShareable(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const row = await db.article.findFirst({
    where: { id, ...publishedOnly },
    select: {
      id: true,
      title: true,
      summary: true,
      section: true,
      imageUrl: true,
      publishedAt: true,
      updatedAt: true,
      author: { select: { name: true } },
      coAuthors: { select: { user: { select: { name: true } } }, orderBy: { position: 'asc' } },
      category: { select: { name: true } },
      media: { select: { type: true, fileUrl: true }, orderBy: { createdAt: 'asc' } },
    },
  });
  if (!row) return null;
  const { author, coAuthors, ...rest } = row;
  return {
    ...rest,
    section: sectionToWire(row.section),
    authors: [author.name, ...coAuthors.map((c) => c.user.name)],
    category: row.category.name,
  };
}
