import type { Article } from '../../../shared/types';
import type { Prisma } from '../generated/prisma/client';
import { sectionToWire } from '../lib/wire';

/** The one select for an article on the wire: author and category names and media in the same query. */
export const articleSelect = {
  id: true,
  title: true,
  summary: true,
  content: true,
  imageUrl: true,
  categoryId: true,
  section: true,
  status: true,
  isStory: true,
  isFeatured: true,
  isMainStory: true,
  storyPriority: true,
  totalViews: true,
  createdAt: true,
  updatedAt: true,
  publishedAt: true,
  version: true,
  author: { select: { id: true, name: true } },
  category: { select: { id: true, name: true, slug: true } },
  media: { select: { id: true, type: true, fileUrl: true }, orderBy: { createdAt: 'asc' } },
} satisfies Prisma.ArticleSelect;

export type ArticleRow = Prisma.ArticleGetPayload<{ select: typeof articleSelect }>;

export function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    content: row.content,
    imageUrl: row.imageUrl,
    author: row.author,
    category: row.category,
    categoryId: row.categoryId,
    section: sectionToWire(row.section),
    status: row.status,
    isStory: row.isStory,
    isFeatured: row.isFeatured,
    isMainStory: row.isMainStory,
    storyPriority: row.storyPriority,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    totalViews: row.totalViews,
    media: row.media,
    version: row.version,
  };
}

/** Public reads filter in the query: published articles only. */
export const publishedOnly = { status: 'published' } satisfies Prisma.ArticleWhereInput;
