import { VIEW_LIMITS } from '../../../shared/schemas/views';
import type pg from 'pg';
import { serviceUnavailable } from '../lib/errors';

/** One view waiting for its flush: its ViewLog row, and the key of its client's 30-minute window. */
export interface PendingView {
  id: string;
  articleId: string;
  userId: string | null;
  dedupKey: string;
  viewedAt: Date;
  percentViewed: number;
  fullyViewed: boolean;
  middleViewed: boolean;
  topViewed: boolean;
  bottomViewed: boolean;
}

/** What became of a view once its flush committed; `totalViews` is the article's count as this view left it. */
export type ViewOutcome = { kind: 'unpublished' } | { kind: 'counted'; totalViews: number } | { kind: 'repeat'; totalViews: number };

export interface ViewRecorderStats {
  flushes: number;
  views: number;
  largestBatch: number;
}

interface Waiter {
  view: PendingView;
  resolve: (outcome: ViewOutcome) => void;
  reject: (err: unknown) => void;
}

/** Rows per transaction: big enough to absorb a burst, small enough to keep each flush short. */
export const MAX_BATCH = 500;
/**
 * The flush rolled back as a whole and may run again: a deadlock's victim (40P01), a serialization failure (40001),
 * or a reader deleted while the flush waited for its locks (23503: its snapshot still saw the user; the next one
 * stores the view anonymous).
 */
const RETRYABLE = new Set(['40P01', '40001', '23503']);

export interface ViewRecorder {
  /** Queues a view; settles once its batch has committed (or failed). */
  record(view: PendingView): Promise<ViewOutcome>;
  /** Refuses new views and resolves once every queued one has been written (or has failed). */
  close(): Promise<void>;
  /** Counters of what has been flushed, for tests and diagnostics. */
  readonly stats: Readonly<ViewRecorderStats>;
}

/**
 * Group commit for view logging (docs/decisions/027): views queue while a flush runs and go together in the
 * next one, so an idle server writes a view at once and a busy one writes hundreds per transaction. Every
 * caller waits for the commit of its own view, so a view that was answered is never lost.
 */
export function createViewRecorder(pool: pg.Pool): ViewRecorder {
  const queue: Waiter[] = [];
  let draining: Promise<void> | undefined;
  let closed = false;
  const stats: ViewRecorderStats = { flushes: 0, views: 0, largestBatch: 0 };

  // One flush at a time (docs/decisions/029: two at once made smaller batches and fewer views per second).
  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const outcomes = await flushRetrying(
          pool,
          batch.map((w) => w.view),
        );
        batch.forEach((w, i) => w.resolve(outcomes[i]!));
      } catch (err) {
        batch.forEach((w) => w.reject(err));
      }
      stats.flushes += 1;
      stats.views += batch.length;
      stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    }
    // In the same step as the last check of the queue: a view queued after it starts the next drain.
    draining = undefined;
  }

  return {
    record(view) {
      if (closed) return Promise.reject(serviceUnavailable());
      const outcome = new Promise<ViewOutcome>((resolve, reject) => queue.push({ view, resolve, reject }));
      draining ??= drain();
      return outcome;
    },
    async close() {
      closed = true;
      await draining;
    },
    get stats() {
      return { ...stats };
    },
  };
}

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

/** A flush that failed for one of the RETRYABLE reasons wrote nothing: it is run again, twice at most. */
async function flushRetrying(pool: pg.Pool, views: PendingView[], attempt = 1): Promise<ViewOutcome[]> {
  try {
    return await flush(pool, views);
  } catch (err) {
    if (attempt >= 3 || !RETRYABLE.has(String(sqlState(err)))) throw err;
    return flushRetrying(pool, views, attempt + 1);
  }
}

/** The SQLSTATE of an error from `pg`. */
const sqlState = (err: unknown) => (err as { code?: unknown } | null)?.code;

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
async function flush(pool: pg.Pool, views: PendingView[]): Promise<ViewOutcome[]> {
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
