import type { ArticleStatus } from '#shared/constants';
import type { ArticleSort } from '#shared/schemas/articles';
import { poolOf, type Db } from '../db/client';
import { onOrAfterDay, onOrBeforeDay, writtenBy } from './sql-conditions';

/**
 * The dashboard's articles table (docs/decisions/065-search.md): which articles, in which order, a page of ids and how
 * many in all, in one statement; the caller reads the rows. Staff only, and bounded by the newsroom's own work.
 */
export interface StaffListFilter {
  /** Only what this user wrote or co-writes (an author's own). */
  ownerId?: string;
  /** One status; `trashed` only when asked for. Without it, everything but the trash. */
  status?: ArticleStatus;
  /** Sent back with a note (true), or not (false). */
  sentBack?: boolean;
  /** The search box: the words (search syntax) in the title, summary or body, or any part of the title. */
  q?: string;
  categoryId?: string;
  /** Written or co-written by this user. */
  authorId?: string;
  /** Days of the newsroom's time zone (YYYY-MM-DD), on the article's date (see DATE). */
  from?: string;
  to?: string;
  timeZone: string;
}

/** An article's date, as the table shows it: when it goes or went live (or went to the trash), else when it was written. */
const DATE = `COALESCE(a."trashedAt", a."scheduledAt", a."publishedAt", a."createdAt")`;

/** Each sort's expression, ascending; `category` and `author` read the joined names. Relevance is best first, always. */
const SORTS: Record<Exclude<ArticleSort, 'relevance'>, string> = {
  title: 'lower(a.title)',
  category: 'lower(c.name)',
  author: 'lower(u.name)',
  status: 'a.status',
  date: DATE,
};

/** The order of the lists without a sort (docs/decisions/058, 059, 061): the queue, the schedule, the trash, the newest. */
function defaultOrder(status: ArticleStatus | undefined): string {
  if (status === 'review') return 'a."submittedAt" ASC, a.id ASC';
  if (status === 'scheduled') return 'a."scheduledAt" ASC, a.id ASC';
  if (status === 'trashed') return 'a."trashedAt" DESC, a.id DESC';
  return 'a."createdAt" DESC, a.id DESC';
}

/** A page of the ids of the articles the filter keeps, in order, and how many it keeps in all. */
export async function readStaffArticleIds(
  db: Db,
  filter: StaffListFilter,
  sort: { by: ArticleSort; desc: boolean } | undefined,
  limit: number,
  offset: number,
): Promise<{ ids: string[]; total: number }> {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where: string[] = [];
  if (filter.ownerId) where.push(writtenBy(param(filter.ownerId)));
  where.push(filter.status ? `a.status = ${param(filter.status)}::text::"ArticleStatus"` : `a.status <> 'trashed'`);
  if (filter.sentBack !== undefined) where.push(filter.sentBack ? 'a."reviewNote" IS NOT NULL' : 'a."reviewNote" IS NULL');
  if (filter.categoryId) where.push(`a."categoryId" = ${param(filter.categoryId)}::uuid`);
  if (filter.authorId) where.push(writtenBy(param(filter.authorId)));
  if (filter.from || filter.to) {
    const zone = param(filter.timeZone);
    if (filter.from) where.push(onOrAfterDay(DATE, param(filter.from), zone));
    if (filter.to) where.push(onOrBeforeDay(DATE, param(filter.to), zone));
  }
  let rank = '';
  if (filter.q) {
    // The words anywhere (the GIN index of searchVector), or the text as any part of the title (its trigram index): staff
    // look for a draft by a piece of its working title.
    const query = `websearch_to_tsquery('chronicle', ${param(filter.q)})`;
    const like = param(`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(a."searchVector" @@ ${query} OR a.title ILIKE ${like})`);
    rank = `ts_rank(a."searchVector", ${query}) + CASE WHEN a.title ILIKE ${like} THEN 1 ELSE 0 END`;
  }
  const by = sort?.by ?? (filter.q ? 'relevance' : undefined);
  const order =
    by === undefined
      ? defaultOrder(filter.status)
      : by === 'relevance'
        ? `${rank || '0'} DESC, a."createdAt" DESC, a.id DESC`
        : `${SORTS[by]} ${sort?.desc ? 'DESC' : 'ASC'}, a."createdAt" DESC, a.id DESC`;
  const joins =
    by === 'category' ? 'JOIN "Category" c ON c.id = a."categoryId"' : by === 'author' ? 'JOIN "User" u ON u.id = a."authorId"' : '';
  const [limitAt, offsetAt] = [param(limit), param(offset)];
  const text = `SELECT a.id, count(*) OVER ()::int AS total FROM "Article" a ${joins}
    WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limitAt} OFFSET ${offsetAt}`;
  const read = (at: number) => poolOf(db).query<{ id: string; total: number }>({ text, values: [...values.slice(0, -2), limit, at] });
  const { rows } = await read(offset);
  // Past the last page: the total still says how many there are.
  const total = rows[0]?.total ?? (offset > 0 ? ((await read(0)).rows[0]?.total ?? 0) : 0);
  return { ids: rows.map((r) => r.id), total };
}
