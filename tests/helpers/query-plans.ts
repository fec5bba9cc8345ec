import { SITEMAP_LIMITS } from '#server/seo/sitemaps';
import pg from 'pg';
import { createDb, poolOf, SESSION_OPTIONS } from '../../server/src/db/client';
import { seedBenchData } from '../bench/seed';

/**
 * The plans of the public reads (docs/query-plans.md): a realistic data set, the statements the app really
 * sends for each read (captured from Prisma's query events, raw SQL included), and what their plans show.
 * Used by tests/api/query-plans.test.ts and by tests/bench/query-plans.ts, which writes the doc's table.
 */

/**
 * The bench's newsroom (10,000 published articles, tests/bench/seed.ts) and what a site that has run for a while
 * also holds: thousands of registered readers, featured and main stories, years of breaking news, the variants and
 * upload rows of every image, one article whose thread went viral (2,000 top-level comments), and one whose
 * comment everyone answered (10,000 replies to one comment).
 */
export async function seedReadData(url: string): Promise<ReadIds> {
  await seedBenchData(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO "User" (id, name, email, "passwordHash", role, "updatedAt")
       SELECT gen_random_uuid(), 'Reader ' || i, 'reader' || i || '@plans.local', 'not a hash', 'user', now() FROM generate_series(1, 5000) AS i`,
    );
    await client.query(
      `UPDATE "Article" SET "isFeatured" = true, "featuredAt" = "publishedAt"
       WHERE id IN (SELECT id FROM "Article" WHERE status = 'published' AND "isStory" ORDER BY "publishedAt" DESC LIMIT 3)`,
    );
    await client.query(
      `UPDATE "Article" a SET "isMainStory" = true
       FROM (SELECT DISTINCT ON (section) id FROM "Article" WHERE status = 'published' AND "isStory" ORDER BY section, "publishedAt" DESC) s
       WHERE a.id = s.id`,
    );
    await client.query(
      `INSERT INTO "BreakingNews" (id, headline, status, "authorId", "publishedAt", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), 'Breaking news ' || i, CASE WHEN i % 10 = 0 THEN 'draft' ELSE 'published' END::"BreakingNewsStatus",
              (SELECT id FROM "User" WHERE role = 'author' ORDER BY email LIMIT 1),
              CASE WHEN i % 10 = 0 THEN NULL ELSE now() - i * interval '1 day' END, now() - i * interval '1 day', now() - i * interval '1 day'
       FROM generate_series(1, 2000) AS i`,
    );
    await client.query(
      `INSERT INTO "ImageVariants" ("fileUrl", width, height, widths)
       SELECT "fileUrl", 1600, 900, '{480,960,1600}'::int[] FROM "Media" WHERE type = 'image'
       UNION SELECT DISTINCT "imageUrl", 1600, 900, '{480,960,1600}'::int[] FROM "Article" WHERE "imageUrl" IS NOT NULL
       ON CONFLICT DO NOTHING`,
    );
    await client.query(
      `INSERT INTO "Upload" (id, "fileUrl", bytes, type, referenced)
       SELECT gen_random_uuid(), "fileUrl", 250000, type, true FROM "Media" ON CONFLICT DO NOTHING`,
    );
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM "Article" WHERE status = 'published' ORDER BY "publishedAt" DESC LIMIT 3`,
    );
    const [viral, article, wide] = rows.map((r) => r.id);
    const category = (await client.query<{ id: string; slug: string }>(`SELECT id, slug FROM "Category" ORDER BY slug LIMIT 1`)).rows[0]!;
    const author = (
      await client.query<{ slug: string }>(
        `SELECT u.slug FROM "User" u WHERE EXISTS (SELECT 1 FROM "Article" a WHERE a."authorId" = u.id AND a.status = 'published') ORDER BY u.slug LIMIT 1`,
      )
    ).rows[0]!.slug;
    await client.query(
      `INSERT INTO "Comment" (id, content, "articleId", "authorId", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), 'A comment on the story of the day, number ' || i, $1::uuid, u.id, now() - i * interval '10 seconds', now() - i * interval '10 seconds'
       FROM generate_series(1, 2000) AS i
       JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM "User" WHERE role = 'user') u ON u.n = 1 + i % 5000`,
      [viral],
    );
    const answered = await client.query<{ id: string }>(
      `INSERT INTO "Comment" (id, content, "articleId", "authorId", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), 'The comment everyone answered', $1::uuid, id, now() - interval '1 hour', now()
       FROM "User" WHERE role = 'user' ORDER BY email LIMIT 1
       RETURNING id`,
      [wide],
    );
    const repliedTo = answered.rows[0]!.id;
    await client.query(
      `INSERT INTO "Comment" (id, content, "articleId", "authorId", "parentId", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), 'A reply to the comment everyone answered, number ' || i, $1::uuid, u.id, $2::uuid,
              now() - i * interval '100 milliseconds', now() - i * interval '100 milliseconds'
       FROM generate_series(1, 10000) AS i
       JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM "User" WHERE role = 'user') u ON u.n = 1 + i % 5000`,
      [wide, repliedTo],
    );
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE');
    return { article: article!, viral: viral!, wide: wide!, repliedTo, category, author };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/** What the reads below name: an article with a usual thread, the viral one, the wide one and its comment, and a category. */
export interface ReadIds {
  article: string;
  viral: string;
  /** The article whose comment `repliedTo` has 10,000 replies. */
  wide: string;
  repliedTo: string;
  category: { id: string; slug: string };
  /** The slug of an author with published articles. */
  author: string;
}

export interface PublicRead {
  /** As docs/query-plans.md names it. */
  name: string;
  path: string;
  /** The index that reads the rows the answer is made of. */
  index: string;
  /** The index gives the answer's order: no sort runs over the rows read from it. */
  ordered: boolean;
  /** The most rows a sort may hold, when the answer's page is larger than a list's (100). */
  sortsAtMost?: number;
}

const LIST = 'Article_status_publishedAt_updatedAt_id_idx';
const BY_SECTION = 'Article_status_section_publishedAt_updatedAt_id_idx';
const BY_CATEGORY = 'Article_status_categoryId_publishedAt_updatedAt_id_idx';
const SITEMAP = 'Article_status_id_updatedAt_idx';
const BY_AUTHOR = 'Article_status_authorId_publishedAt_updatedAt_id_idx';
const REPLIES = 'Comment_replies_newest_first';

/** Every public read of the API, the feeds and the sitemaps (the server-rendered pages make the same API reads). */
export function publicReads(ids: ReadIds): PublicRead[] {
  const list = '/api/articles/published?limit=20';
  return [
    { name: 'published list', path: list, index: LIST, ordered: true },
    { name: 'published list, page 51', path: `${list}&offset=1000`, index: LIST, ordered: true },
    { name: 'section list', path: `${list}&section=Sports`, index: BY_SECTION, ordered: true },
    { name: 'category list (id)', path: `${list}&category=${ids.category.id}`, index: BY_CATEGORY, ordered: true },
    { name: 'category list (slug)', path: `${list}&category=${ids.category.slug}`, index: BY_CATEGORY, ordered: true },
    // At most 3 featured stories and one main story per section: sorting those few costs nothing.
    { name: 'featured stories', path: `${list}&featured=true`, index: 'Article_isFeatured_featuredAt_idx', ordered: false },
    { name: 'main stories', path: `${list}&main=true`, index: 'Article_one_main_story_per_section', ordered: false },
    {
      name: 'main story of a section',
      path: `${list}&main=true&section=Sports`,
      index: 'Article_main_stories_newest_first',
      ordered: true,
    },
    { name: 'stories', path: `${list}&story=true`, index: LIST, ordered: true },
    // The home page's blocks and its Latest river, which leaves the blocks' articles out (docs/decisions/050).
    { name: 'home page', path: '/api/articles/home', index: LIST, ordered: true },
    { name: 'home page, river page 51', path: '/api/articles/home?offset=500', index: LIST, ordered: true },
    { name: 'author page', path: `/api/authors/${ids.author}`, index: BY_AUTHOR, ordered: true },
    { name: 'stories of a section', path: `${list}&story=true&section=Sports`, index: BY_SECTION, ordered: true },
    { name: 'top articles', path: '/api/view/top-articles?limit=10', index: 'Article_status_totalViews_publishedAt_id_idx', ordered: true },
    { name: 'article', path: `/api/articles/${ids.article}`, index: 'Article_pkey', ordered: false },
    { name: 'view count', path: `/api/view/article/${ids.article}/stats`, index: 'Article_pkey', ordered: false },
    // A usual thread's few roots may as well be sorted; a long one's must be read in order, a page of them only.
    { name: 'comments', path: `/api/comments/article/${ids.article}`, index: 'Comment_roots_newest_first', ordered: false },
    { name: 'comments, viral thread', path: `/api/comments/article/${ids.viral}`, index: 'Comment_roots_newest_first', ordered: true },
    // A comment's newest replies come in order from their index, however many it has (docs/decisions/039).
    { name: 'comments, 10,000 replies', path: `/api/comments/article/${ids.wide}`, index: REPLIES, ordered: true },
    { name: 'replies, page 11', path: `/api/comments/${ids.repliedTo}/replies?offset=200`, index: REPLIES, ordered: true },
    { name: 'one comment', path: `/api/comments/${ids.repliedTo}`, index: REPLIES, ordered: true },
    { name: 'breaking news', path: '/api/breaking-news', index: 'BreakingNews_status_updatedAt_createdAt_id_idx', ordered: true },
    { name: 'categories', path: '/api/categories', index: BY_CATEGORY, ordered: false },
    { name: 'RSS feed', path: '/rss.xml', index: LIST, ordered: true },
    { name: 'category feed', path: `/category/${ids.category.slug}/rss.xml`, index: BY_CATEGORY, ordered: true },
    { name: 'author feed', path: `/author/${ids.author}/rss.xml`, index: BY_AUTHOR, ordered: true },
    // The last 48 hours' articles, at most 1,000 (SITEMAP_LIMITS.newsUrls): PostgreSQL may read them through the index's
    // range and sort them (a top-N sort of at most that page), rather than fetch them one by one in the index's order.
    { name: 'news sitemap', path: '/sitemaps/news.xml', index: LIST, ordered: false, sortsAtMost: SITEMAP_LIMITS.newsUrls },
    { name: 'sitemap index', path: '/sitemap.xml', index: SITEMAP, ordered: true },
    { name: 'article sitemap', path: '/sitemaps/articles-1.xml', index: SITEMAP, ordered: true },
    { name: 'pages sitemap', path: '/sitemaps/pages.xml', index: BY_SECTION, ordered: true },
  ];
}

/**
 * What the plans test and the plans table (tests/bench/query-plans.ts) start from, on a migrated database: the read
 * data set seeded, a client for the app that captures every statement it sends (`take`), and a connection that
 * explains them.
 */
export async function readPlanner(url: string) {
  const ids = await seedReadData(url);
  const { db, take } = capturingDb(url);
  const client = await explainer(url);
  const close = async () => {
    await client.end();
    await db.$disconnect();
  };
  return { ids, db, take, client, close };
}

/** A Prisma client over `url`, in sessions set as the app's, that keeps every statement it sends with its parameters. */
function capturingDb(url: string) {
  const db = createDb(url);
  const pool = poolOf(db);
  const sent: Statement[] = [];
  // Every statement the app sends goes through its pool: Prisma's, and those sent with `pg` directly (article-reads.repository.ts).
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const config = args[0] as { text?: string; values?: unknown[] } | string;
    if (typeof config === 'object' && typeof config.text === 'string') sent.push({ sql: config.text, params: config.values ?? [] });
    return query(...args);
  };
  /** The statements sent since the last call. */
  const take = () => sent.splice(0);
  return { db, take };
}

export interface Statement {
  sql: string;
  params: unknown[];
}

/** A node of `EXPLAIN (FORMAT JSON)`, the fields read here. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

export interface Explained extends Statement {
  plan: PlanNode;
  executionMs: number;
}

/** A connection set as the app's sessions are, to explain statements on. */
async function explainer(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, options: SESSION_OPTIONS });
  await client.connect();
  return client;
}

/** Runs the statement under EXPLAIN ANALYZE with its own parameters: the plan PostgreSQL makes for that very statement. */
export async function explain(client: pg.Client, statement: Statement): Promise<Explained> {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`,
    statement.params,
  );
  const [result] = rows[0]!['QUERY PLAN'];
  return { ...statement, plan: result.Plan, executionMs: result['Execution Time'] };
}

/** Every node of a plan, those of InitPlans and SubPlans included. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The children a node takes rows from; InitPlans and SubPlans hand it values instead. */
const rowSources = (node: PlanNode) =>
  (node.Plans ?? []).filter((c) => c['Parent Relationship'] !== 'InitPlan' && c['Parent Relationship'] !== 'SubPlan');

const isSort = (node: PlanNode) => node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort';

/** Whether rows read from `index` reach `node` one by one (not through an aggregate, which leaves a row per group). */
function readsRowsOf(node: PlanNode, index: string): boolean {
  if (node['Index Name'] === index) return true;
  if (node['Node Type'] === 'Aggregate') return false;
  return rowSources(node).some((child) => readsRowsOf(child, index));
}

/** The sorts that order rows read from `index`: none when the index gives the order. */
export const sortsOver = (plan: PlanNode, index: string) =>
  planNodes(plan).filter((n) => isSort(n) && rowSources(n).some((c) => readsRowsOf(c, index)));

/** The most rows any sort of the plan takes in at once. */
export const mostRowsSorted = (plan: PlanNode) =>
  Math.max(
    0,
    ...planNodes(plan)
      .filter(isSort)
      .flatMap((n) => rowSources(n).map((c) => c['Actual Rows'] ?? 0)),
  );

export const indexesUsed = (plan: PlanNode) => planNodes(plan).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));

/** Rows read through `index` over the whole statement (all loops). */
export const rowsReadBy = (plan: PlanNode, index: string) =>
  planNodes(plan)
    .filter((n) => n['Index Name'] === index)
    .reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1), 0);

/** The tables a plan reads whole. */
export const seqScans = (plan: PlanNode) => planNodes(plan).flatMap((n) => (n['Node Type'] === 'Seq Scan' ? [n['Relation Name']!] : []));
