import { publishedOnly } from '../articles/article.mapper';
import { AUTHOR_SLUG } from '../authors/authors.service';
import { isUuid } from '../articles/article-records';
import { newestArticleIdsBy } from '../articles/articles.service';
import { bylineText } from '#shared/byline';
import { poolOf, type Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { slugCandidates } from '../lib/slug';
import { imageFileSizes } from '../media/image-variants';
import type { Section } from '../lib/wire';

/**
 * The reads behind feeds and sitemaps. Published articles only (the `publishedOnly` fragment in every
 * query), only the columns each document shows: never an article body.
 */

/** The order of the reader's lists (articles.service listPublished), so a feed shows what the home page shows. */
const newestFirst: Prisma.ArticleOrderByWithRelationInput[] = [{ publishedAt: 'desc' }, { updatedAt: 'desc' }, { id: 'desc' }];

const feedSelect = {
  id: true,
  title: true,
  summary: true,
  imageUrl: true,
  publishedAt: true,
  updatedAt: true,
  author: { select: { name: true } },
  coAuthors: { select: { user: { select: { name: true } } }, orderBy: { position: 'asc' } },
  category: { select: { name: true, slug: true } },
  // The picture a card shows (docs/spec/SPEC.md: first image of the media list, else imageUrl).
  media: { where: { type: 'image' }, select: { fileUrl: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: 1 },
} satisfies Prisma.ArticleSelect;

export interface FeedArticle {
  id: string;
  title: string;
  description: string;
  publishedAt: Date;
  updatedAt: Date;
  /** Its byline: the author's name, and the co-authors' ('Ann and Bea'). */
  author: string;
  category: { name: string; slug: string };
  /** An `/uploads/` path or an absolute URL, with its size in bytes when it is an upload of this site. */
  image: { url: string; bytes: number | null } | null;
}

/** Whose articles a feed lists: one category's or one author's, those they co-wrote included (all when neither). */
export type FeedOf = { categoryId?: string; authorId?: string };

/** The newest published articles, of one category, of one author, or of all. */
export async function feedArticles(db: Db, limit: number, of: FeedOf = {}): Promise<FeedArticle[]> {
  // One author's: the ids first, each half of them read in order from its index (docs/decisions/064-co-authors.md).
  const ids = of.authorId ? await newestArticleIdsBy(db, of.authorId, limit) : undefined;
  const rows = await db.article.findMany({
    where: { ...publishedOnly, categoryId: of.categoryId, ...(ids ? { id: { in: ids } } : {}) },
    orderBy: newestFirst,
    take: limit,
    select: feedSelect,
  });
  const images = rows.map((row) => row.media[0]?.fileUrl ?? row.imageUrl);
  const uploads = images.filter((url): url is string => !!url?.startsWith('/uploads/'));
  // An upload's recorded size, else the size the variants job recorded (demo images and files placed by hand have no Upload row).
  const [uploaded, measured] = await Promise.all([
    uploads.length ? db.upload.findMany({ where: { fileUrl: { in: uploads } }, select: { fileUrl: true, bytes: true } }) : [],
    imageFileSizes(db, uploads),
  ]);
  const sizes = new Map([...measured, ...uploaded.map((u): [string, number] => [u.fileUrl, Number(u.bytes)])]);
  return rows.map((row, i) => {
    const image = images[i];
    return {
      id: row.id,
      title: row.title,
      // The editor's summary, whole (docs/decisions/045): the teaser the article page and the share page cut.
      description: row.summary,
      // Publishing always sets publishedAt; a row written otherwise falls back to its last change.
      publishedAt: row.publishedAt ?? row.updatedAt,
      updatedAt: row.updatedAt,
      author: bylineText({ author: row.author, coAuthors: row.coAuthors.map((c) => c.user) }),
      category: row.category,
      image: image ? { url: image, bytes: sizes.get(image) ?? null } : null,
    };
  });
}

/** Longer than any slug (names have at most 32 characters) or id: names no category, without asking the database. */
const CATEGORY_PARAM_MAX = 200;

/** A category by id or slug (docs/spec/SPEC.md §2, as the category page matches it), or null. */
export async function findCategory(db: Db, idOrSlug: string) {
  if (!idOrSlug || idOrSlug.length > CATEGORY_PARAM_MAX) return null;
  return db.category.findFirst({
    where: { OR: [...(isUuid(idOrSlug) ? [{ id: idOrSlug }] : []), { slug: { in: slugCandidates(idOrSlug) } }] },
    select: { id: true, name: true, slug: true },
  });
}

/** An author by slug (any case), or null; only someone with a published article (theirs or co-written) is an author to readers. */
export async function findAuthor(db: Db, slug: string) {
  // Checked before the database is asked: a NUL byte, say, is refused by PostgreSQL itself.
  if (!AUTHOR_SLUG.test(slug)) return null;
  return db.user.findFirst({
    where: {
      slug: slug.toLowerCase(),
      OR: [{ articles: { some: publishedOnly } }, { coAuthored: { some: { article: publishedOnly } } }],
    },
    select: { id: true, name: true, slug: true },
  });
}

/** A listing page changes when an article in it is published or edited: the newest of those times. */
const newest = (max: { publishedAt: Date | null; updatedAt: Date | null }) => {
  const times = [max.publishedAt, max.updatedAt].filter((d): d is Date => d !== null);
  return times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
};

export interface ListingPages {
  /** Newest change of any published article; null when nothing is published. */
  home: Date | null;
  sections: { section: Section; lastmod: Date }[];
  categories: { slug: string; name: string; lastmod: Date }[];
  /** The author pages: everyone with a published article, theirs or co-written. */
  authors: { slug: string; lastmod: Date }[];
}

/** The listing pages that have published articles, each with the newest change among them. */
export async function listingPages(db: Db): Promise<ListingPages> {
  const last = { publishedAt: true, updatedAt: true } as const;
  const [bySection, byCategory, byAuthor] = await Promise.all([
    // Sections in the order of their declaration (General, Sports, …): the same document for the same data.
    db.article.groupBy({ by: ['section'], where: publishedOnly, _max: last, orderBy: { section: 'asc' } }),
    db.article.groupBy({ by: ['categoryId'], where: publishedOnly, _max: last }),
    // Each published article counts for its author and each co-author (docs/decisions/064-co-authors.md).
    db.$queryRaw<{ id: string; lastmod: Date }[]>`
      SELECT w.id::text AS id, max(w.lastmod) AS lastmod FROM (
        SELECT a."authorId" AS id, GREATEST(a."publishedAt", a."updatedAt") AS lastmod FROM "Article" a WHERE a.status = 'published'
        UNION ALL
        SELECT aa."userId", GREATEST(a."publishedAt", a."updatedAt")
        FROM "ArticleAuthor" aa JOIN "Article" a ON a.id = aa."articleId" WHERE a.status = 'published'
      ) w
      GROUP BY w.id`,
  ]);
  const lastmodOf = new Map(byCategory.map((c) => [c.categoryId, newest(c._max)]));
  const categories = byCategory.length
    ? await db.category.findMany({
        where: { id: { in: byCategory.map((c) => c.categoryId) } },
        select: { id: true, name: true, slug: true },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      })
    : [];
  const sections = bySection.flatMap((s) => {
    const lastmod = newest(s._max);
    return lastmod ? [{ section: s.section, lastmod }] : [];
  });
  const authorLastmod = new Map(byAuthor.map((a) => [a.id, a.lastmod]));
  const authors = byAuthor.length
    ? await db.user.findMany({
        where: { id: { in: [...authorLastmod.keys()] } },
        select: { id: true, slug: true },
        orderBy: { slug: 'asc' },
      })
    : [];
  const home = sections.reduce<Date | null>((max, s) => (!max || s.lastmod > max ? s.lastmod : max), null);
  return {
    home,
    sections,
    categories: categories.flatMap((c) => {
      const lastmod = lastmodOf.get(c.id);
      return lastmod ? [{ slug: c.slug, name: c.name, lastmod }] : [];
    }),
    authors: authors.map((a) => ({ slug: a.slug, lastmod: authorLastmod.get(a.id)! })),
  };
}

/**
 * The article sitemaps: published articles in id order (ids are time-ordered UUIDv7, so older pages
 * keep their contents and new articles land on the last page), `perPage` to a page, each page with
 * its newest change. One pass over the published rows' id and updatedAt in the database.
 */
export async function articleSitemapPages(db: Db, perPage: number): Promise<{ page: number; lastmod: Date }[]> {
  return db.$queryRaw<{ page: number; lastmod: Date }[]>`
    SELECT (n / ${perPage}::int)::int + 1 AS page, max("updatedAt") AS lastmod
    FROM (
      SELECT row_number() OVER (ORDER BY id) - 1 AS n, "updatedAt"
      FROM "Article" WHERE status = 'published'
    ) numbered
    GROUP BY 1 ORDER BY 1`;
}

export const countPublished = (db: Db) => db.article.count({ where: publishedOnly });

/**
 * Rows read per query for one article sitemap: a 50,000-URL page never holds 50,000 rows at once, and each
 * batch is read and parsed in a few milliseconds, so the event loop is never held for long (docs/decisions/038).
 */
const SITEMAP_BATCH = 1_000;

/**
 * Page `page` of the article sitemaps (the same order as articleSitemapPages), in batches, straight through `pg`
 * (two columns a row: the ORM's per-row work is most of the cost of a large page).
 */
export async function* articleSitemapEntries(db: Db, page: number, perPage: number): AsyncGenerator<{ id: string; updatedAt: Date }[]> {
  const pool = poolOf(db);
  let left = perPage;
  let after: string | null = null;
  const skip = (page - 1) * perPage;
  while (left > 0) {
    const take = Math.min(left, SITEMAP_BATCH);
    // Two statements, each with a plan that walks the (status, id) index from where the page starts.
    const { rows }: { rows: { id: string; updatedAt: Date }[] } = await pool.query(
      after === null
        ? {
            name: 'chronicle.sitemap-first-batch',
            // `a.id`, not the text column the select names `id`: ordered by the index's uuid, not by its text.
            text: `SELECT a.id::text AS id, a."updatedAt" FROM "Article" a WHERE a.status = 'published' ORDER BY a.id LIMIT $1 OFFSET $2`,
            values: [take, skip],
          }
        : {
            name: 'chronicle.sitemap-next-batch',
            text: `SELECT a.id::text AS id, a."updatedAt" FROM "Article" a WHERE a.status = 'published' AND a.id > $1::uuid ORDER BY a.id LIMIT $2`,
            values: [after, take],
          },
    );
    if (rows.length) yield rows;
    if (rows.length < take) return;
    left -= rows.length;
    after = rows[rows.length - 1]!.id;
  }
}

/** Articles first published since `since`, newest first (the Google News sitemap). */
export function recentArticles(db: Db, since: Date, limit: number) {
  return db.article.findMany({
    where: { ...publishedOnly, publishedAt: { gte: since } },
    orderBy: newestFirst,
    take: limit,
    select: { id: true, title: true, publishedAt: true, updatedAt: true },
  });
}
