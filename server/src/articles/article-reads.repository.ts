import { hasVariantUrls } from '#shared/images';
import type { Correction, ImageInfo } from '#shared/types';
import { poolOf, type Db } from '../db/client';
import { sectionFromWire, sectionToWire, type Section, type WireSection } from '../lib/wire';
import type { ArticleListRow, ArticleRow, ImageIndex } from './article.mapper';

/**
 * The article reads that every reader's page makes, in SQL sent with `pg` as named prepared statements
 * (docs/decisions/030). Each gives the very rows Prisma gives for `articleListSelect` and `articleSelect`, and
 * the variants of their images, in one round trip: the mappers (article.mapper.ts) take them unchanged. Through
 * Prisma the same read cost about ten times the CPU (query building, the nested relations, mapping).
 */

/**
 * The columns of `articleListSelect`, author, category and media included, and the variants of the images. `workflow`:
 * the review's and the schedule's columns, which only staff are sent; the public lists read nulls in their place.
 */
export const listColumns = (workflow: boolean) => `
  a.id, a.title, a.summary, a."imageUrl", a."categoryId", a.section::text AS section, a.status::text AS status,
  a."isStory", a."isFeatured", a."isMainStory", a."storyPriority", a."totalViews",
  a."createdAt", a."updatedAt", a."publishedAt", a.version,
  ${
    workflow
      ? 'a."submittedAt", a."reviewNote", a."scheduledAt", a."unpublishAt", a."trashedAt", a."trashedFrom"::text AS "trashedFrom"'
      : 'NULL::timestamptz AS "submittedAt", NULL::text AS "reviewNote", NULL::timestamptz AS "scheduledAt", NULL::timestamptz AS "unpublishAt", NULL::timestamptz AS "trashedAt", NULL::text AS "trashedFrom"'
  },
  json_build_object('id', u.id, 'name', u.name, 'slug', u.slug) AS author,
  (SELECT COALESCE(json_agg(json_build_object('user', json_build_object('id', cu.id, 'name', cu.name, 'slug', cu.slug)) ORDER BY aa.position), '[]')
   FROM "ArticleAuthor" aa JOIN "User" cu ON cu.id = aa."userId" WHERE aa."articleId" = a.id) AS "coAuthors",
  json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) AS category,
  COALESCE(m.media, '[]') AS media,
  (SELECT json_object_agg(v."fileUrl", json_build_object('width', v.width, 'height', v.height, 'widths', v.widths, 'crops', v.crops))
   FROM "ImageVariants" v
   WHERE v."fileUrl" = ANY (a."imageUrl" || ARRAY(SELECT x->>'fileUrl' FROM json_array_elements(m.media) x WHERE x->>'type' = 'image'))
     AND v.widths <> '{}'
  ) AS images`;

/** The joins listColumns reads from. Media in the order Prisma's select gives them: oldest first. */
export const LIST_JOINS = `
  JOIN "User" u ON u.id = a."authorId"
  JOIN "Category" c ON c.id = a."categoryId"
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('id', md.id, 'type', md.type, 'fileUrl', md."fileUrl") ORDER BY md."createdAt", md.id) AS media
    FROM "Media" md WHERE md."articleId" = a.id
  ) m ON true`;

/** One article: a list's columns, the body, and its corrections, oldest first (docs/decisions/062-corrections.md). */
const ARTICLE_SQL = `SELECT ${listColumns(true)}, a.content,
  (SELECT json_agg(json_build_object('id', k.id, 'text', k.text, 'createdAt', k."createdAt") ORDER BY k."createdAt", k.id)
   FROM "Correction" k WHERE k."articleId" = a.id) AS corrections
  FROM "Article" a ${LIST_JOINS} WHERE a.id = $1`;

export type Raw<Row> = Omit<Row, 'section' | 'status'> & {
  section: WireSection;
  status: Row extends { status: infer S } ? S : never;
  images: Record<string, ImageInfo> | null;
};

/**
 * Back to the row Prisma would give (PostgreSQL stores a section as its wire spelling, Prisma's `@map`, where Prisma
 * names it by its enum's name), and the image index the mappers take.
 */
export function fromRaw<Row extends ArticleListRow>(raw: Raw<Row>): { row: Row; images: [string, ImageInfo][] } {
  const { images, section, ...rest } = raw;
  const row = { ...rest, section: sectionFromWire(section) as Section } as unknown as Row;
  return { row, images: Object.entries(images ?? {}).filter(([url]) => hasVariantUrls(url)) };
}

/**
 * One article, any status (the caller decides who may read it and what of it), with its body and its corrections; null
 * when there is none.
 */
export async function readArticleRow(
  db: Db,
  id: string,
): Promise<{ row: ArticleRow; images: ImageIndex; corrections: Correction[] } | null> {
  const { rows } = await poolOf(db).query<Raw<ArticleRow> & { corrections: Correction[] | null }>({
    name: 'chronicle.article',
    text: ARTICLE_SQL,
    values: [id],
  });
  if (!rows[0]) return null;
  const { corrections, ...raw } = rows[0];
  const { row, images } = fromRaw(raw as Raw<ArticleRow>);
  // json_build_object writes a timestamptz as PostgreSQL prints it: the wire's ISO form is made here.
  const dated = (corrections ?? []).map((c) => ({ ...c, createdAt: new Date(c.createdAt).toISOString() }));
  return { row, images: new Map(images), corrections: dated };
}

export interface PublishedFilter {
  section?: Section;
  categoryId?: string;
  featured?: boolean;
  main?: boolean;
  story?: boolean;
  /** Articles by this author or co-written by them. */
  authorId?: string;
  /** Articles left out (the home page's blocks, for its Latest river). */
  exclude?: string[];
}

/**
 * The ids of the newest `limit` published articles by `author` or co-written by them, as SQL (`author` and `limit` are
 * SQL expressions). The author is never their own co-author, so the two halves never overlap.
 */
const byAuthorIds = (author: string, limit: string) => `
  (SELECT x.id FROM "Article" x WHERE x.status = 'published' AND x."authorId" = ${author}
   ORDER BY x."publishedAt" DESC, x."updatedAt" DESC, x.id DESC LIMIT ${limit})
  UNION ALL
  (SELECT x.id FROM "ArticleAuthor" aa JOIN "Article" x ON x.id = aa."articleId" WHERE aa."userId" = ${author} AND x.status = 'published'
   ORDER BY x."publishedAt" DESC, x."updatedAt" DESC, x.id DESC LIMIT ${limit})`;

/** The ids of an author's newest `limit` published articles, co-written ones included (their feed). */
export async function readAuthorArticleIds(db: Db, authorId: string, limit: number): Promise<string[]> {
  const { rows } = await poolOf(db).query<{ id: string }>({
    name: 'chronicle.author-ids',
    text: `SELECT id FROM (${byAuthorIds('$1::uuid', '$2::int')}) w`,
    values: [authorId, limit],
  });
  return rows.map((r) => r.id);
}

/**
 * Each filter's condition, in the order of its parameter; `$?` is its number in the statement, `$L` and `$O` those of the
 * page's LIMIT and OFFSET.
 */
const CONDITIONS: [keyof PublishedFilter, string][] = [
  ['section', 'a.section = $?::text::"Section"'],
  ['categoryId', 'a."categoryId" = $?::uuid'],
  ['featured', 'a."isFeatured" = $?::boolean'],
  ['main', 'a."isMainStory" = $?::boolean'],
  ['story', 'a."isStory" = $?::boolean'],
  // The author's articles and those they co-wrote (docs/decisions/064-co-authors.md): the first `$L + $O` of each, newest
  // first, the first read in order from the author-page index; the page is then cut from at most twice that.
  ['authorId', `a.id IN (${byAuthorIds('$?::uuid', '$L::bigint + $O::bigint')})`],
  ['exclude', 'a.id <> ALL ($?::uuid[])'],
];
/** The text of each statement by its name, made once. */
const publishedStatements = new Map<string, string>();

/** The statement that reads a page under these filters: its name, made of which filters are set, and its text. */
function publishedStatement(filter: PublishedFilter): { name: string; text: string } {
  const shape = CONDITIONS.map(([key]) => (filter[key] === undefined ? '-' : '+')).join('');
  const name = `chronicle.published:${shape}${filter.featured ? ':featured' : ''}`;
  let text = publishedStatements.get(name);
  if (text === undefined) {
    const used = CONDITIONS.filter(([key]) => filter[key] !== undefined);
    const [limit, offset] = [`$${used.length + 1}`, `$${used.length + 2}`];
    const where = [
      "a.status = 'published'",
      ...used.map(([, condition], i) =>
        condition
          .replaceAll('$?', `$${i + 1}`)
          .replaceAll('$L', limit)
          .replaceAll('$O', offset),
      ),
    ];
    const order = `${filter.featured ? 'a."featuredAt" DESC NULLS LAST, ' : ''}a."publishedAt" DESC, a."updatedAt" DESC, a.id DESC`;
    text =
      `SELECT ${listColumns(false)} FROM "Article" a ${LIST_JOINS} WHERE ${where.join(' AND ')} ` +
      `ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
    publishedStatements.set(name, text);
  }
  return { name, text };
}

/**
 * A page of published articles, newest first (featured ones by when they were featured first). One statement per
 * combination of filters, so that each is planned for the index that serves it (docs/query-plans.md).
 */
export async function readPublishedRows(
  db: Db,
  filter: PublishedFilter,
  limit: number,
  offset: number,
): Promise<{ rows: ArticleListRow[]; images: ImageIndex }> {
  const values: unknown[] = CONDITIONS.flatMap(([key]) =>
    filter[key] === undefined ? [] : [key === 'section' ? sectionToWire(filter.section!) : filter[key]],
  );
  const { rows } = await poolOf(db).query<Raw<ArticleListRow>>({ ...publishedStatement(filter), values: [...values, limit, offset] });
  const images: [string, ImageInfo][] = [];
  const list = rows.map((raw) => {
    const found = fromRaw(raw);
    images.push(...found.images);
    return found.row;
  });
  return { rows: list, images: new Map(images) };
}
