import type pg from 'pg';
import { groupCommit } from '../lib/group-commit';
import { flush } from './view-flush.repository';

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
 * Group commit for view logging (docs/decisions/027, lib/group-commit.ts): views queue while a flush runs and go
 * together in the next one. Every caller waits for the commit of its own view, so a view that was answered is never lost.
 */
export function createViewRecorder(pool: pg.Pool): ViewRecorder {
  const commits = groupCommit((views: PendingView[]) => flushRetrying(pool, views), MAX_BATCH);
  return {
    record: (view) => commits.add(view),
    close: () => commits.close(),
    get stats() {
      const { flushes, items, largestBatch } = commits.stats;
      return { flushes, views: items, largestBatch };
    },
  };
}

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
