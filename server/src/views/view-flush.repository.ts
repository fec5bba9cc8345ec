import type pg from 'pg';
import { VIEW_LIMITS } from '#shared/schemas/views';
import type { PendingView, ViewOutcome } from './view-recorder';

/** The view flush's statement (views/view-recorder.ts batches the views; docs/decisions/027 and 029). */

const FLUSH_SQL = `
  WITH input AS (
    SELECT * FROM unnest(
      $1::text[]::uuid[],
      $2::text[]::uuid[],
      $3::text[]::uuid[],
      $4::text[]::timestamptz[],
      $5::float8[],
      $6::boolean[],
      $7::boolean[],
      $8::boolean[],
      $9::boolean[],
      $10::text[]
    ) WITH ORDINALITY AS v(id, article_id, user_id, viewed_at, percent, fully, middle, top, bottom, dedup_key, ord)
  ), locked AS (
    SELECT a.id, a."totalViews" FROM "Article" a
    WHERE a.id IN (SELECT article_id FROM input) AND a.status = 'published'
    ORDER BY a.id
    FOR NO KEY UPDATE
  ), claimed AS (
    INSERT INTO "RateLimit" ("key", "hits", "resetAt")
    SELECT DISTINCT i.dedup_key, 1, now() + $11::int * interval '1 millisecond'
    FROM input i JOIN locked l ON l.id = i.article_id
    ORDER BY 1
    ON CONFLICT ("key") DO UPDATE SET "hits" = 1, "resetAt" = EXCLUDED."resetAt"
    WHERE "RateLimit"."resetAt" <= now()
    RETURNING "key"
  ), counted AS (
    SELECT DISTINCT ON (i.dedup_key) i.* FROM input i JOIN claimed c ON c."key" = i.dedup_key
    ORDER BY i.dedup_key, i.ord
  ), logged AS (
    INSERT INTO "ViewLog" (id, "articleId", "userId", "viewedAt", "percentViewed", "fullyViewed", "middleViewed", "topViewed", "bottomViewed")
    SELECT c.id, c.article_id, u.id, c.viewed_at, c.percent, c.fully, c.middle, c.top, c.bottom
    FROM counted c LEFT JOIN "User" u ON u.id = c.user_id
  ), bumped AS (
    UPDATE "Article" a SET "totalViews" = a."totalViews" + n.added
    FROM (SELECT article_id, count(*)::int AS added FROM counted GROUP BY article_id) n
    WHERE a.id = n.article_id
  )
  SELECT
    (SELECT COALESCE(json_agg(json_build_array(l.id, l."totalViews")), '[]') FROM locked l) AS totals,
    (SELECT COALESCE(array_agg(c.ord::int), '{}') FROM counted c) AS counted`;

/**
 * Writes one batch in one statement, hence one round trip and one transaction, and tells each view what became
 * of it, in order. Articles are locked in id order and windows claimed in key order, so that flushes of several
 * app processes wait for each other instead of deadlocking. Raw SQL: the counter update leaves `updatedAt` alone
 * (a view is not an edit).
 *
 * The statement, step by step (docs/decisions/027):
 * - `locked`: the batch's published articles, locked in id order: the lock the counter update takes anyway,
 *   taken first. Their totals stay exact until commit;
 * - `claimed`: a window opens for keys never seen or whose window has closed; an open window counts nothing;
 * - `counted`: only the first view of a claimed key counts, the others of the batch are repeats;
 * - `logged`: one multi-row INSERT. The user is joined rather than taken as given: one reader deleted between
 *   the request and the flush is stored anonymous (as the foreign key's SET NULL would have made it) instead
 *   of failing the whole batch;
 * - `bumped`: one counter UPDATE per article.
 */
export async function flush(pool: pg.Pool, views: PendingView[]): Promise<ViewOutcome[]> {
  const column = <T>(pick: (v: PendingView) => T) => views.map(pick);
  const { rows } = await pool.query<{ totals: [string, number][]; counted: number[] }>({
    // Prepared once per connection: planning this statement costs about as much as running it for a small batch.
    name: 'chronicle.view-flush',
    text: FLUSH_SQL,
    values: [
      column((v) => v.id),
      column((v) => v.articleId),
      column((v) => v.userId),
      column((v) => v.viewedAt.toISOString()),
      column((v) => v.percentViewed),
      column((v) => v.fullyViewed),
      column((v) => v.middleViewed),
      column((v) => v.topViewed),
      column((v) => v.bottomViewed),
      column((v) => v.dedupKey),
      VIEW_LIMITS.dedupWindowMinutes * 60_000,
    ],
  });
  const result = rows[0];
  const totals = new Map(result!.totals);
  const countedSet = new Set(result!.counted.map((ord) => views[ord - 1]!));
  const added = new Map<string, number>();
  for (const v of countedSet) added.set(v.articleId, (added.get(v.articleId) ?? 0) + 1);

  // Each counted view gets the count it made, one after another; a repeat sees the count after the batch.
  const running = new Map(totals);
  return views.map((v): ViewOutcome => {
    const before = totals.get(v.articleId);
    if (before === undefined) return { kind: 'unpublished' };
    if (!countedSet.has(v)) return { kind: 'repeat', totalViews: before + (added.get(v.articleId) ?? 0) };
    const now = running.get(v.articleId)! + 1;
    running.set(v.articleId, now);
    return { kind: 'counted', totalViews: now };
  });
}
