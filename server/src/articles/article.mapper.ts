import type { Article, ArticleListItem, ImageInfo, MediaItem } from '#shared/types';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { imageInfos } from '../media/image-variants';
import { sectionToWire } from '../lib/wire';

/**
 * The select for an article in a public list: what lists show, author and category names and media in the
 * same query, never the body (docs/spec/CONTRACT.md §2). Bodies run to 500 kB: a page of them would be most of the
 * bytes the database sends and the server serialises, for nothing a list shows.
 */
export const articleListSelect = {
  id: true,
  title: true,
  summary: true,
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
  submittedAt: true,
  reviewNote: true,
  scheduledAt: true,
  unpublishAt: true,
  trashedAt: true,
  trashedFrom: true,
  version: true,
  author: { select: { id: true, name: true, slug: true } },
  coAuthors: { select: { user: { select: { id: true, name: true, slug: true } } }, orderBy: { position: 'asc' } },
  category: { select: { id: true, name: true, slug: true } },
  media: { select: { id: true, type: true, fileUrl: true }, orderBy: { createdAt: 'asc' } },
} satisfies Prisma.ArticleSelect;

/** The select for one article on the wire: a list's columns and the body. */
export const articleSelect = { ...articleListSelect, content: true } satisfies Prisma.ArticleSelect;

export type ArticleListRow = Prisma.ArticleGetPayload<{ select: typeof articleListSelect }>;
export type ArticleRow = Prisma.ArticleGetPayload<{ select: typeof articleSelect }>;

/** What is known of the variants of local images (media/image-variants.ts), by their URL. */
export type ImageIndex = ReadonlyMap<string, ImageInfo>;

type MediaRow = Pick<MediaItem, 'id' | 'type' | 'fileUrl'>;

export const toMediaItem = (m: MediaRow, images: ImageIndex): MediaItem => ({
  ...m,
  image: m.type === 'image' ? (images.get(m.fileUrl) ?? null) : null,
});

/** The variants of every image of these articles, in one query. */
export function loadImages(db: Db, rows: Pick<ArticleListRow, 'imageUrl' | 'media'>[]): Promise<Map<string, ImageInfo>> {
  return imageInfos(
    db,
    rows.flatMap((r) => [r.imageUrl, ...r.media.filter((m) => m.type === 'image').map((m) => m.fileUrl)]),
  );
}

export function toArticleListItem(row: ArticleListRow, images: ImageIndex): ArticleListItem {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    imageUrl: row.imageUrl,
    image: row.imageUrl ? (images.get(row.imageUrl) ?? null) : null,
    author: row.author,
    coAuthors: row.coAuthors.map((c) => c.user),
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
    submittedAt: row.submittedAt?.toISOString() ?? null,
    reviewNote: row.reviewNote,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    unpublishAt: row.unpublishAt?.toISOString() ?? null,
    trashedAt: row.trashedAt?.toISOString() ?? null,
    trashedFrom: row.trashedFrom,
    totalViews: row.totalViews,
    media: row.media.map((m) => toMediaItem(m, images)),
    version: row.version,
  };
}

/** What only staff see of an article's workflow (the review, the schedule): null in what a reader is sent. */
export const withoutWorkflow = <T extends ArticleListItem>(article: T): T => ({
  ...article,
  submittedAt: null,
  reviewNote: null,
  scheduledAt: null,
  unpublishAt: null,
  trashedAt: null,
  trashedFrom: null,
});

export function toArticle(row: ArticleRow, images: ImageIndex): Article {
  return { ...toArticleListItem(row, images), content: row.content };
}

/** Articles on the wire, with the variants of their images. */
export async function toArticles(db: Db, rows: ArticleRow[]): Promise<Article[]> {
  const images = await loadImages(db, rows);
  return rows.map((row) => toArticle(row, images));
}

/** List items for readers, with the variants of their images and without the staff's fields (withoutWorkflow). */
export async function toPublicListItems(db: Db, rows: ArticleListRow[]): Promise<ArticleListItem[]> {
  const images = await loadImages(db, rows);
  return rows.map((row) => withoutWorkflow(toArticleListItem(row, images)));
}

/** Public reads filter in the query: published articles only. */
export const publishedOnly = { status: 'published' } satisfies Prisma.ArticleWhereInput;
