import type { Article, ImageInfo, MediaItem } from '../../../shared/types';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { imageInfos } from '../lib/image-variants';
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

/** What is known of the variants of local images (lib/image-variants.ts), by their URL. */
export type ImageIndex = ReadonlyMap<string, ImageInfo>;

type MediaRow = Pick<MediaItem, 'id' | 'type' | 'fileUrl'>;

export const toMediaItem = (m: MediaRow, images: ImageIndex): MediaItem => ({
  ...m,
  image: m.type === 'image' ? (images.get(m.fileUrl) ?? null) : null,
});

/** The variants of every image of these articles, in one query. */
export function loadImages(db: Db, rows: Pick<ArticleRow, 'imageUrl' | 'media'>[]): Promise<Map<string, ImageInfo>> {
  return imageInfos(
    db,
    rows.flatMap((r) => [r.imageUrl, ...r.media.filter((m) => m.type === 'image').map((m) => m.fileUrl)]),
  );
}

export function toArticle(row: ArticleRow, images: ImageIndex): Article {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    content: row.content,
    imageUrl: row.imageUrl,
    image: row.imageUrl ? (images.get(row.imageUrl) ?? null) : null,
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
    media: row.media.map((m) => toMediaItem(m, images)),
    version: row.version,
  };
}

/** Articles on the wire, with the variants of their images. */
export async function toArticles(db: Db, rows: ArticleRow[]): Promise<Article[]> {
  const images = await loadImages(db, rows);
  return rows.map((row) => toArticle(row, images));
}

/** Public reads filter in the query: published articles only. */
export const publishedOnly = { status: 'published' } satisfies Prisma.ArticleWhereInput;
