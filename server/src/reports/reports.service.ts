import { DEVICE_CLASSES, ENGAGED_BANDS, REFERRER_CLASSES } from '#shared/reports';
import { REPORT_LIMITS, type ReportArticlesFilters, type ReportRange, type ReportSort } from '#shared/schemas/reports';
import type { Db } from '../db/client';
import { Prisma } from '../generated/prisma/client';
import { likeLiteral } from '../lib/like';
import type { Logger } from '../lib/logger';
import { waitAtMost } from '../lib/wait';
import { rollUpReads } from './rollup.service';

/**
 * The reports' reads (docs/decisions/068-reports.md): every figure comes from the daily sums of the roll-up, so a report
 * over years of reading reads one row per article and day. `owner`: an author's id, whose reports cover only the
 * articles they wrote or co-wrote; null for editors and admins, whose cover every article.
 */

export interface Figures {
  views: number;
  readers: number;
  engagedSeconds: number;
  averageEngagedSeconds: number;
  completionRate: number;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The range asked for, `to` today and `from` 30 days before it by default (UTC days). */
export function resolveRange(range: ReportRange, now = new Date()): { from: string; to: string } {
  const today = now.toISOString().slice(0, 10);
  const to = range.to ?? (range.from && range.from > today ? range.from : today);
  const from = range.from ?? addDays(to, -(REPORT_LIMITS.rangeDaysDefault - 1));
  return { from, to };
}

const figures = (views: number, readers: number, engaged: number, completed: number): Figures => ({
  views,
  readers,
  engagedSeconds: engaged,
  averageEngagedSeconds: views === 0 ? 0 : Math.round((engaged / views) * 10) / 10,
  completionRate: views === 0 ? 0 : Math.round((completed / views) * 1000) / 1000,
});

/** The articles an author may see the reports of: theirs and those they co-wrote; everything for everyone else. */
const ownedBy = (owner: string | null) =>
  owner === null
    ? Prisma.sql`TRUE`
    : Prisma.sql`(a."authorId" = ${owner}::uuid OR EXISTS (SELECT 1 FROM "ArticleAuthor" c WHERE c."articleId" = a.id AND c."userId" = ${owner}::uuid))`;

interface DayRow {
  date: string;
  views: number;
  readers: number;
  engaged: bigint;
}

const toDays = (rows: DayRow[]) =>
  rows.map((r) => ({ date: r.date, views: r.views, readers: r.readers, engagedSeconds: Number(r.engaged) }));

/**
 * The site's (or an author's) days and totals: the site's from its own daily sums (a row a day), an author's from their
 * articles' (readers are then distinct per article and day).
 */
export async function siteReport(db: Db, range: { from: string; to: string }, owner: string | null) {
  const { from, to } = range;
  const perDay =
    owner === null
      ? Prisma.sql`SELECT day, views, readers, engaged, depth100 FROM "ReadSiteDaily" WHERE day BETWEEN ${from}::date AND ${to}::date`
      : Prisma.sql`SELECT d.day, sum(d.views)::int AS views, sum(d.readers)::int AS readers, sum(d.engaged)::bigint AS engaged,
                          sum(d.depth100)::int AS depth100
                   FROM "ReadDaily" d JOIN "Article" a ON a.id = d."articleId"
                   WHERE d.day BETWEEN ${from}::date AND ${to}::date AND ${ownedBy(owner)} GROUP BY d.day`;
  const days = await db.$queryRaw<(DayRow & { completed: number })[]>`
    SELECT to_char(g.day, 'YYYY-MM-DD') AS date, COALESCE(s.views, 0)::int AS views, COALESCE(s.readers, 0)::int AS readers,
           COALESCE(s.engaged, 0)::bigint AS engaged, COALESCE(s.depth100, 0)::int AS completed
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS g(day)
    LEFT JOIN (${perDay}) s ON s.day = g.day::date
    ORDER BY g.day`;
  const sum = (pick: (d: DayRow & { completed: number }) => number) => days.reduce((n, d) => n + pick(d), 0);
  const totals = figures(
    sum((d) => d.views),
    sum((d) => d.readers),
    sum((d) => Number(d.engaged)),
    sum((d) => d.completed),
  );
  return { from, to, totals, days: toDays(days) };
}

const SORTS: Record<ReportSort, Prisma.Sql> = {
  views: Prisma.sql`s.views`,
  readers: Prisma.sql`s.readers`,
  engaged: Prisma.sql`s.engaged::float8 / GREATEST(s.views, 1)`,
  completion: Prisma.sql`s.d100::float8 / GREATEST(s.views, 1)`,
  published: Prisma.sql`a."publishedAt"`,
  title: Prisma.sql`lower(a.title)`,
};

interface ArticleSumRow {
  id: string;
  title: string;
  publishedAt: Date | null;
  views: number;
  readers: number;
  engaged: bigint;
  d25: number;
  d50: number;
  d75: number;
  d100: number;
  total: number;
}

export type ArticleReportRow = ReturnType<typeof toArticleRow>;

function toArticleRow(r: ArticleSumRow) {
  const share = (n: number) => (r.views === 0 ? 0 : Math.round((n / r.views) * 1000) / 1000);
  return {
    id: r.id,
    title: r.title,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    ...figures(r.views, r.readers, Number(r.engaged), r.d100),
    depth: [share(r.d25), share(r.d50), share(r.d75), share(r.d100)],
  };
}

/** The table's narrowing: only some articles (`ids`, on the running totals `t`), words of the title (on the articles `a`). */
const narrowedBy = ({ ids, q }: { ids?: string[]; q?: string }) => ({
  only: ids ? Prisma.sql`AND t."articleId" = ANY(${ids}::uuid[])` : Prisma.empty,
  words: q ? Prisma.sql`AND a.title ILIKE ${`%${likeLiteral(q)}%`}` : Prisma.empty,
});

/**
 * Each article's sums over the range, from its running totals (docs/decisions/068-reports.md): those at the range's end
 * less those before its start, whatever the range's length. The end's are the totals row itself when the article was
 * last read within the range (every article, for a range ending today), else its row of the range's last day; the
 * start's, its row of the day before the range. Each of those two days is one pass down the day index, and only an
 * article not read on that day is looked up alone (one step down the primary key). Only the articles read in the range.
 */
function rangeSums({ from, to }: { from: string; to: string }, only: Prisma.Sql) {
  const runningAt = (op: '<' | '<=', day: string) =>
    Prisma.sql`(SELECT d.running FROM "ReadDaily" d WHERE d."articleId" = t."articleId" AND d.day ${Prisma.raw(op)} ${day}::date
                ORDER BY d.day DESC LIMIT 1)`;
  const figure = (i: number, type: string) => Prisma.raw(`(hi[${i}] - COALESCE(lo[${i}], 0))::${type}`);
  // No article was read after today: a range ending today takes every article's totals row as they are.
  const endsToday = to >= new Date().toISOString().slice(0, 10);
  const hi = endsToday
    ? Prisma.sql`t.running`
    : Prisma.sql`CASE WHEN t."lastDay" <= ${to}::date THEN t.running ELSE COALESCE(e.running, ${runningAt('<=', to)}) END`;
  const atEnd = endsToday
    ? Prisma.empty
    : Prisma.sql`LEFT JOIN (SELECT "articleId", running FROM "ReadDaily" WHERE day = ${to}::date) e ON e."articleId" = t."articleId"`;
  // MATERIALIZED: each article's two rows are looked up once, not again for each figure and filter.
  return Prisma.sql`
    WITH ends AS MATERIALIZED (
      SELECT t."articleId", ${hi} AS hi,
             CASE WHEN t."firstDay" >= ${from}::date THEN NULL ELSE COALESCE(b.running, ${runningAt('<', from)}) END AS lo
      FROM "ReadTotal" t
      LEFT JOIN (SELECT "articleId", running FROM "ReadDaily" WHERE day = ${from}::date - 1) b ON b."articleId" = t."articleId"
      ${atEnd}
      WHERE t."lastDay" >= ${from}::date AND t."firstDay" <= ${to}::date ${only}
    )
    SELECT "articleId", ${figure(1, 'int')} AS views, ${figure(2, 'int')} AS readers, ${figure(3, 'bigint')} AS engaged,
           ${figure(4, 'int')} AS d25, ${figure(5, 'int')} AS d50, ${figure(6, 'int')} AS d75, ${figure(7, 'int')} AS d100
    FROM ends WHERE hi[1] - COALESCE(lo[1], 0) > 0`;
}

/** The articles read in the range, with their sums, sorted and searched; `total` counts every match. */
export async function articleReports(
  db: Db,
  filters: ReportArticlesFilters & { from: string; to: string },
  owner: string | null,
  page: { limit: number; offset: number },
): Promise<{ rows: ArticleReportRow[]; total: number }> {
  const { from, to, q, sort, order } = filters;
  const { only, words } = narrowedBy(filters);
  const direction = order === 'asc' ? Prisma.sql`ASC NULLS FIRST` : Prisma.sql`DESC NULLS LAST`;
  // Sorted by a figure, the page is cut from the sums alone and only its rows meet the articles; by title or date, or
  // for an author or a search, the articles are joined first.
  const joinFirst = owner !== null || q !== undefined || sort === 'title' || sort === 'published';
  // An author's or a search's articles are found first, and only theirs are summed.
  const sums = rangeSums({ from, to }, owner !== null || q !== undefined ? Prisma.sql`${only} ${amongArticles(owner, words)}` : only);
  const rows = joinFirst
    ? await db.$queryRaw<ArticleSumRow[]>`
        WITH s AS (${sums})
        SELECT a.id::text AS id, a.title, a."publishedAt", s.views, s.readers, s.engaged, s.d25, s.d50, s.d75, s.d100,
               count(*) OVER ()::int AS total
        FROM s JOIN "Article" a ON a.id = s."articleId"
        WHERE ${ownedBy(owner)} ${words}
        ORDER BY ${SORTS[sort]} ${direction}, a.id
        LIMIT ${page.limit} OFFSET ${page.offset}`
    : await db.$queryRaw<ArticleSumRow[]>`
        WITH s AS (${sums}), top AS (
          SELECT s.*, count(*) OVER ()::int AS total FROM s
          ORDER BY ${SORTS[sort]} ${direction}, s."articleId"
          LIMIT ${page.limit} OFFSET ${page.offset}
        )
        SELECT a.id::text AS id, a.title, a."publishedAt", s.views, s.readers, s.engaged, s.d25, s.d50, s.d75, s.d100, s.total
        FROM top s JOIN "Article" a ON a.id = s."articleId"
        ORDER BY ${SORTS[sort]} ${direction}, a.id`;
  const total = rows[0]?.total ?? (page.offset === 0 ? 0 : await countArticleReports(db, filters, owner));
  return { rows: rows.map(toArticleRow), total };
}

/** The running totals `t` of an author's articles, or of those a search matches. */
const amongArticles = (owner: string | null, words: Prisma.Sql) =>
  Prisma.sql`AND t."articleId" IN (SELECT a.id FROM "Article" a WHERE ${ownedBy(owner)} ${words})`;

/** The count alone, for a page past the last. */
async function countArticleReports(db: Db, filters: { from: string; to: string; q?: string; ids?: string[] }, owner: string | null) {
  const { only, words } = narrowedBy(filters);
  const [row] = await db.$queryRaw<{ total: number }[]>`
    SELECT count(*)::int AS total FROM (${rangeSums(filters, Prisma.sql`${only} ${amongArticles(owner, words)}`)}) s`;
  return row?.total ?? 0;
}

/** An article, for its report: null when it does not exist, or is not the author's. */
export async function reportedArticle(db: Db, id: string, owner: string | null) {
  const [row] = await db.$queryRaw<{ id: string; title: string; publishedAt: Date | null }[]>`
    SELECT a.id::text AS id, a.title, a."publishedAt" FROM "Article" a WHERE a.id = ${id}::uuid AND ${ownedBy(owner)}`;
  return row ? { ...row, publishedAt: row.publishedAt?.toISOString() ?? null } : null;
}

/** One article's report: its funnel, engaged time's bands, where its readers came from, what they read on, its days. */
export async function articleReport(
  db: Db,
  article: NonNullable<Awaited<ReturnType<typeof reportedArticle>>>,
  range: { from: string; to: string },
) {
  const { from, to } = range;
  const inRange = Prisma.sql`d."articleId" = ${article.id}::uuid AND d.day BETWEEN ${from}::date AND ${to}::date`;
  const summed = (column: string) => db.$queryRaw<{ i: number; pages: number }[]>`
    SELECT u.i::int AS i, sum(u.v)::int AS pages
    FROM "ReadDaily" d, unnest(d.${Prisma.raw(`"${column}"`)}) WITH ORDINALITY AS u(v, i)
    WHERE ${inRange} GROUP BY u.i ORDER BY u.i`;
  const [sums, bands, referrers, devices, days] = await Promise.all([
    db.$queryRaw<{ views: number; readers: number; engaged: bigint; d25: number; d50: number; d75: number; d100: number }[]>`
      SELECT COALESCE(sum(views), 0)::int AS views, COALESCE(sum(readers), 0)::int AS readers, COALESCE(sum(engaged), 0)::bigint AS engaged,
             COALESCE(sum(depth25), 0)::int AS d25, COALESCE(sum(depth50), 0)::int AS d50, COALESCE(sum(depth75), 0)::int AS d75,
             COALESCE(sum(depth100), 0)::int AS d100
      FROM "ReadDaily" d WHERE ${inRange}`,
    summed('engagedBands'),
    summed('referrers'),
    summed('devices'),
    db.$queryRaw<DayRow[]>`
      SELECT to_char(g.day, 'YYYY-MM-DD') AS date, COALESCE(d.views, 0)::int AS views, COALESCE(d.readers, 0)::int AS readers,
             COALESCE(d.engaged, 0)::bigint AS engaged
      FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS g(day)
      LEFT JOIN "ReadDaily" d ON d."articleId" = ${article.id}::uuid AND d.day = g.day::date
      ORDER BY g.day`,
  ]);
  const s = sums[0]!;
  const byIndex = <K>(keys: readonly K[], rows: { i: number; pages: number }[]) =>
    keys.map((key, i) => ({ key, pages: rows.find((r) => r.i === i + 1)?.pages ?? 0 }));
  return {
    from,
    to,
    article,
    totals: figures(s.views, s.readers, Number(s.engaged), s.d100),
    funnel: [
      { key: 0, pages: s.views },
      { key: 25, pages: s.d25 },
      { key: 50, pages: s.d50 },
      { key: 75, pages: s.d75 },
      { key: 100, pages: s.d100 },
    ],
    engaged: byIndex(ENGAGED_BANDS, bands),
    referrers: byIndex(REFERRER_CLASSES, referrers),
    devices: byIndex(DEVICE_CLASSES, devices),
    days: toDays(days),
  };
}

const rollups = new WeakMap<Db, { running?: Promise<unknown>; startedAt: number }>();
const FRESH_WAIT_MS = 3_000;
/** A report starts a run at most this often per process (the minutely job runs anyway). */
const FRESH_EVERY_MS = 15_000;

/**
 * Brings the sums up to date before a report reads them, so a report shows the reading of a moment ago: when events have
 * come since the roll-up's last run (one look at the newest id), a run starts, at most one per process every 15 s. A
 * failed run is logged, and the report shows the sums as they are.
 */
export async function freshReads(db: Db, logger: Logger): Promise<void> {
  // max(id) is one step down the primary key's index (an EXISTS over `id >` may scan the table when there is none).
  const [pending] = await db.$queryRaw<{ pending: boolean }[]>`
    SELECT COALESCE((SELECT max(id) FROM "ReadEvent") > "seenId", false) AS pending FROM "ReadRollup" WHERE id = 1`;
  if (!pending?.pending) return;
  const state = rollups.get(db) ?? { startedAt: 0 };
  rollups.set(db, state);
  if (!state.running && Date.now() - state.startedAt >= FRESH_EVERY_MS) {
    state.startedAt = Date.now();
    state.running = rollUpReads(db, { logger })
      .catch((err: unknown) => logger.warn({ err }, 'the reports’ roll-up failed; the report shows the sums as they were'))
      .finally(() => (state.running = undefined));
  }
  // A backlog (the first report after days of events) can take a while: the report waits a few seconds at most, then
  // shows the sums as they are while the run goes on.
  if (state.running) await waitAtMost(FRESH_WAIT_MS, state.running);
}
