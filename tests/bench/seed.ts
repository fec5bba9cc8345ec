import pg from 'pg';

export const BENCH_SIZES = {
  articles: 10_000,
  drafts: 500,
  authors: 10,
  readers: 50,
  categories: 8,
  commentedArticles: 1_000,
  viewLogs: 50_000,
  /** The newest articles, which the cached reads rotate over: the few URLs a spike of readers asks for. */
  hotArticles: 100,
};

/**
 * Words the titles are told apart by (docs/decisions/065-search.md): article i's title holds SEARCH_WORDS[i % 50], so each
 * word is in 200 of the 10,000 titles; its body ends with a phrase of its own, 'the quartermaster <i> signed the ledger'.
 */
export const SEARCH_WORDS = [
  'harbour',
  'council',
  'budget',
  'election',
  'festival',
  'hospital',
  'railway',
  'library',
  'museum',
  'bridge',
  'stadium',
  'orchestra',
  'vaccine',
  'drought',
  'flood',
  'tramway',
  'airport',
  'factory',
  'vineyard',
  'glacier',
  'volcano',
  'satellite',
  'referendum',
  'pension',
  'housing',
  'ferry',
  'cathedral',
  'marathon',
  'regatta',
  'harvest',
  'tournament',
  'laboratory',
  'courthouse',
  'parliament',
  'embassy',
  'observatory',
  'aquarium',
  'lighthouse',
  'monastery',
  'quarry',
  'reservoir',
  'windfarm',
  'shipyard',
  'brewery',
  'bakery',
  'orchard',
  'meadow',
  'canal',
  'tunnel',
  'highway',
] as const;
export const deepPhrase = (i: number) => `quartermaster ${i} signed the ledger`;

/** What the pages show, to check that they really rendered: titles of articles, by where they lead. */
export interface Headlines {
  /** The newest published article (first of the published list and of the feed). */
  newest: string;
  /** The main story, the home page's hero. */
  mainStory: string;
  articles: Map<string, string>;
  /** The newest article of each category, by slug. */
  categories: Map<string, string>;
  /** Each author's name, by their page's slug. */
  authors: Map<string, string>;
}

export interface Seeded {
  /** Every published article, in random order. */
  articles: string[];
  /** The articles with comments. */
  commented: string[];
  /** The newest articles (all with comments), newest first. */
  hot: string[];
  /** Every category's slug. */
  categories: string[];
  /** Every author's slug (made by the database: the trigger `User_slug`). */
  authors: string[];
  headlines: Headlines;
  /** Published articles by their number in the seed (deepPhrase), for the search's checks. */
  numbered: Map<number, string>;
}

/**
 * A newsroom's worth of rows, written by the database itself (INSERT … SELECT generate_series) in a few
 * seconds: staff and readers, categories, 10,000 published articles (plus drafts) with media, a main story
 * and three featured stories, threaded comments on the 1,000 newest, and view logs. Seeded ids are UUID v4
 * (gen_random_uuid); the app makes v7.
 */
export async function seedBenchData(url: string): Promise<Seeded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { articles, drafts, authors, readers, categories, commentedArticles, viewLogs, hotArticles } = BENCH_SIZES;
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO "User" (id, name, email, "passwordHash", role, bio, "updatedAt")
       SELECT gen_random_uuid(), CASE WHEN i <= $1::int THEN 'Bench Author ' ELSE 'Bench Reader ' END || i, 'bench' || i || '@bench.local',
              '$2b$12$benchbenchbenchbenchbeuQ7W5d3aT0pG3oE3C8f8m7m1oQn2b6q', CASE WHEN i <= $1::int THEN 'author' ELSE 'user' END::"Role",
              'A benchmark account.', now()
       FROM generate_series(1, $1::int + $2::int) AS i`,
      [authors, readers],
    );
    await client.query(
      `INSERT INTO "Category" (id, name, slug, "updatedAt") SELECT gen_random_uuid(), 'Category ' || i, 'category-' || i, now() FROM generate_series(1, $1::int) AS i`,
      [categories],
    );
    await client.query(
      `WITH writers AS (SELECT id, (row_number() OVER (ORDER BY email) - 1)::int AS n FROM "User" WHERE role = 'author'),
            cats AS (SELECT id, (row_number() OVER (ORDER BY slug) - 1)::int AS n FROM "Category")
       INSERT INTO "Article" (id, title, summary, content, "imageUrl", "authorId", "categoryId", section, status, "isStory",
                              "totalViews", "publishedAt", "createdAt", "updatedAt")
       SELECT gen_random_uuid(),
              'Bench article ' || i || ': ' || ($5::text[])[1 + i % 50] || ' ' || repeat('a headline word ', 4),
              repeat('A summary sentence of the article. ', 6),
              '<p>' || repeat('Body text of the benchmark article, long enough to look like news. ', 40) || '</p>' ||
                '<p>Deep in the report, the quartermaster ' || i || ' signed the ledger.</p>',
              '/uploads/bench-' || (i % 10) || '.jpg',
              w.id, c.id,
              (ARRAY['General', 'Sports', 'Opinions & Editorials', 'Business', 'Technology'])[1 + i % 5]::"Section",
              CASE WHEN i <= $1::int THEN 'published' ELSE 'draft' END::"ArticleStatus",
              i % 7 = 0,
              (i * 7919) % 5000,
              CASE WHEN i <= $1::int THEN now() - i * interval '7 minutes' END,
              now() - i * interval '7 minutes' - interval '1 hour',
              now() - i * interval '7 minutes'
       FROM generate_series(1, $1::int + $2::int) AS i
       JOIN writers w ON w.n = i % $3::int
       JOIN cats c ON c.n = i % $4::int`,
      [articles, drafts, authors, categories, SEARCH_WORDS],
    );
    // The home page's hero and its three featured stories: the newest stories.
    await client.query(
      `WITH stories AS (SELECT id, (row_number() OVER (ORDER BY "publishedAt" DESC))::int AS n FROM "Article"
                        WHERE status = 'published' AND "isStory")
       UPDATE "Article" a SET "isMainStory" = s.n = 1, "isFeatured" = s.n > 1,
                              "featuredAt" = CASE WHEN s.n > 1 THEN now() - s.n * interval '1 minute' END
       FROM stories s WHERE a.id = s.id AND s.n <= 4`,
    );
    await client.query(
      `INSERT INTO "Media" (id, "articleId", type, "fileUrl", "createdAt")
       SELECT gen_random_uuid(), id, 'image'::"MediaType", '/uploads/bench-media-' || left(id::text, 8) || '.jpg', "createdAt" FROM "Article"
       UNION ALL
       SELECT gen_random_uuid(), id, 'video'::"MediaType", '/uploads/bench-media-' || left(id::text, 8) || '.mp4', "createdAt" + interval '1 second'
       FROM "Article" WHERE "totalViews" % 4 = 0`,
    );
    // The newest articles get a thread each: 8 comments, 2 replies to each, and a reply to the first reply.
    await client.query(
      `WITH targets AS (SELECT id, (row_number() OVER (ORDER BY "publishedAt" DESC))::int AS n FROM "Article"
                        WHERE status = 'published' ORDER BY "publishedAt" DESC LIMIT $1::int),
            people AS (SELECT id, (row_number() OVER (ORDER BY email) - 1)::int AS n FROM "User")
       INSERT INTO "Comment" (id, content, "articleId", "authorId", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), 'Comment ' || k || ': ' || repeat('a thoughtful remark ', 6), t.id, p.id,
              now() - k * interval '1 hour', now() - k * interval '1 hour'
       FROM targets t CROSS JOIN generate_series(1, 8) AS k JOIN people p ON p.n = (t.n + k) % ($2::int + $3::int)`,
      [commentedArticles, authors, readers],
    );
    for (const [depth, replies] of [
      [1, 2],
      [2, 1],
    ] as const) {
      await client.query(
        `INSERT INTO "Comment" (id, content, "articleId", "authorId", "parentId", "createdAt", "updatedAt")
         SELECT gen_random_uuid(), 'Reply ' || k || ': ' || repeat('I agree with this ', 4), c."articleId", c."authorId", c.id,
                c."createdAt" + k * interval '5 minutes', c."createdAt" + k * interval '5 minutes'
         FROM "Comment" c CROSS JOIN generate_series(1, $1::int) AS k
         WHERE ${depth === 1 ? 'c."parentId" IS NULL' : `c."parentId" IS NOT NULL AND c.content LIKE 'Reply 1:%'`}`,
        [replies],
      );
    }
    await client.query(
      `WITH pub AS (SELECT id, (row_number() OVER (ORDER BY id))::int AS n FROM "Article" WHERE status = 'published')
       INSERT INTO "ViewLog" (id, "articleId", "viewedAt", "percentViewed", "fullyViewed", "topViewed", "middleViewed", "bottomViewed", "createdAt")
       SELECT gen_random_uuid(), pub.id, now() - (g % 43200) * interval '1 minute', (g % 101)::float8, g % 3 = 0, true, g % 2 = 0, g % 3 = 0,
              now() - (g % 43200) * interval '1 minute'
       FROM generate_series(1, $1::int) AS g JOIN pub ON pub.n = 1 + (g * 7919) % $2::int`,
      [viewLogs, articles],
    );
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE');
    return await readSeeded(client, hotArticles);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

async function readSeeded(client: pg.Client, hotArticles: number): Promise<Seeded> {
  const published = await client.query<{ id: string; title: string }>(
    `SELECT id, title FROM "Article" WHERE status = 'published' ORDER BY random()`,
  );
  const hot = await client.query<{ id: string; title: string }>(
    `SELECT id, title FROM "Article" WHERE status = 'published' ORDER BY "publishedAt" DESC, "updatedAt" DESC, id DESC LIMIT $1`,
    [hotArticles],
  );
  const mainStory = await client.query<{ title: string }>(`SELECT title FROM "Article" WHERE "isMainStory"`);
  const commented = await client.query<{ id: string }>(`SELECT DISTINCT "articleId" AS id FROM "Comment"`);
  const categories = await client.query<{ slug: string; title: string }>(
    `SELECT DISTINCT ON (c.slug) c.slug, a.title FROM "Category" c JOIN "Article" a ON a."categoryId" = c.id
     WHERE a.status = 'published' ORDER BY c.slug, a."publishedAt" DESC, a."updatedAt" DESC, a.id DESC`,
  );
  const authors = await client.query<{ slug: string; name: string }>(`SELECT slug, name FROM "User" WHERE role = 'author' ORDER BY email`);
  return {
    articles: published.rows.map((r) => r.id),
    commented: commented.rows.map((r) => r.id),
    hot: hot.rows.map((r) => r.id),
    categories: categories.rows.map((r) => r.slug),
    authors: authors.rows.map((r) => r.slug),
    numbered: new Map(published.rows.map((r) => [Number(/^Bench article (\d+):/.exec(r.title)![1]), r.id])),
    headlines: {
      newest: hot.rows[0]!.title,
      mainStory: mainStory.rows[0]!.title,
      articles: new Map(published.rows.map((r) => [r.id, r.title])),
      categories: new Map(categories.rows.map((r) => [r.slug, r.title])),
      authors: new Map(authors.rows.map((r) => [r.slug, r.name])),
    },
  };
}
