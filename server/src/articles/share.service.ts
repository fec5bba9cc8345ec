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
      category: { select: { name: true } },
      media: { select: { type: true, fileUrl: true }, orderBy: { createdAt: 'asc' } },
    },
  });
  return row ? { ...row, section: sectionToWire(row.section), author: row.author.name, category: row.category.name } : null;
}
