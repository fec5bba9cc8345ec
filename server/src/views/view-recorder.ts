import { VIEW_LIMITS } from '../../../shared/schemas/views';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
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
export function createViewRecorder(db: Db): ViewRecorder {
  const queue: Waiter[] = [];
  let draining: Promise<void> | undefined;
  let closed = false;
  const stats: ViewRecorderStats = { flushes: 0, views: 0, largestBatch: 0 };

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const outcomes = await flush(
          db,
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

/**
 * Writes one batch in one transaction and tells each view what became of it, in order. Articles are locked
 * in id order and windows claimed in key order, so that flushes of several app processes wait for each other
 * instead of deadlocking. Raw SQL: the counter update leaves `updatedAt` alone (a view is not an edit).
 */
async function flush(db: Db, views: PendingView[]): Promise<ViewOutcome[]> {
  const articleIds = [...new Set(views.map((v) => v.articleId))];
  return db.$transaction(async (tx) => {
    // The lock the counter update takes anyway, taken first: the totals read here stay exact until commit.
    const locked = await tx.$queryRaw<{ id: string; totalViews: number }[]>`
      SELECT id::text AS id, "totalViews" FROM "Article"
      WHERE id = ANY(${articleIds}::text[]::uuid[]) AND status = 'published'
      ORDER BY id
      FOR NO KEY UPDATE`;
    const totals = new Map(locked.map((a) => [a.id, a.totalViews]));

    // A window opens for keys never seen or whose window has closed; an open window counts nothing.
    const keys = [...new Set(views.filter((v) => totals.has(v.articleId)).map((v) => v.dedupKey))];
    const claimed = keys.length
      ? await tx.$queryRaw<{ key: string }[]>`
          INSERT INTO "RateLimit" ("key", "hits", "resetAt")
          SELECT k, 1, now() + ${VIEW_LIMITS.dedupWindowMinutes * 60_000} * interval '1 millisecond'
          FROM unnest(${keys}::text[]) AS k
          ORDER BY k
          ON CONFLICT ("key") DO UPDATE SET "hits" = 1, "resetAt" = EXCLUDED."resetAt"
          WHERE "RateLimit"."resetAt" <= now()
          RETURNING "key"`
      : [];
    const open = new Set(claimed.map((c) => c.key));

    // Only the first view of a claimed key counts: the others of the batch are repeats within its window.
    const counted = views.filter((v) => totals.has(v.articleId) && open.delete(v.dedupKey));
    if (counted.length > 0) await insertLogs(tx, counted);
    const added = new Map<string, number>();
    for (const v of counted) added.set(v.articleId, (added.get(v.articleId) ?? 0) + 1);
    if (added.size > 0) {
      await tx.$executeRaw`
        UPDATE "Article" a SET "totalViews" = a."totalViews" + c.n
        FROM unnest(${[...added.keys()]}::text[]::uuid[], ${[...added.values()]}::int[]) AS c(id, n)
        WHERE a.id = c.id`;
    }

    // Each counted view gets the count it made, one after another; a repeat sees the count after the batch.
    const running = new Map(totals);
    const countedSet = new Set(counted);
    return views.map((v): ViewOutcome => {
      const before = totals.get(v.articleId);
      if (before === undefined) return { kind: 'unpublished' };
      if (!countedSet.has(v)) return { kind: 'repeat', totalViews: before + (added.get(v.articleId) ?? 0) };
      const now = running.get(v.articleId)! + 1;
      running.set(v.articleId, now);
      return { kind: 'counted', totalViews: now };
    });
  });
}

/**
 * One multi-row INSERT. The user is joined rather than taken as given: one reader deleted between the
 * request and the flush is stored anonymous (as the foreign key's SET NULL would have made it) instead
 * of failing the whole batch.
 */
async function insertLogs(tx: Prisma.TransactionClient, views: PendingView[]): Promise<void> {
  const column = <T>(pick: (v: PendingView) => T) => views.map(pick);
  await tx.$executeRaw`
    INSERT INTO "ViewLog" (id, "articleId", "userId", "viewedAt", "percentViewed", "fullyViewed", "middleViewed", "topViewed", "bottomViewed")
    SELECT v.id, v.article_id, u.id, v.viewed_at, v.percent, v.fully, v.middle, v.top, v.bottom
    FROM unnest(
      ${column((v) => v.id)}::text[]::uuid[],
      ${column((v) => v.articleId)}::text[]::uuid[],
      ${column((v) => v.userId)}::text[]::uuid[],
      ${column((v) => v.viewedAt.toISOString())}::text[]::timestamptz[],
      ${column((v) => v.percentViewed)}::float8[],
      ${column((v) => v.fullyViewed)}::boolean[],
      ${column((v) => v.middleViewed)}::boolean[],
      ${column((v) => v.topViewed)}::boolean[],
      ${column((v) => v.bottomViewed)}::boolean[]
    ) AS v(id, article_id, user_id, viewed_at, percent, fully, middle, top, bottom)
    LEFT JOIN "User" u ON u.id = v.user_id`;
}
