import { serviceUnavailable } from './errors';

export interface GroupCommitStats {
  flushes: number;
  items: number;
  largestBatch: number;
}

export interface GroupCommit<T, R> {
  /** Queues an item; settles once its batch has committed (or failed). */
  add(item: T): Promise<R>;
  /** Refuses new items and resolves once every queued one has been written (or has failed). */
  close(): Promise<void>;
  /** Counters of what has been written, for tests and diagnostics. */
  readonly stats: Readonly<GroupCommitStats>;
}

interface Waiter<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit (docs/decisions/027): items queue while a write runs and go together in the next one, so an idle
 * server writes an item at once and a busy one writes hundreds per transaction. `write` answers each item of its
 * batch, in order. Every caller waits for the commit of its own item, so an item that was answered is never lost.
 * One write at a time (docs/decisions/029: two at once made smaller batches and fewer items per second).
 */
export function groupCommit<T, R>(write: (batch: T[]) => Promise<R[]>, maxBatch: number): GroupCommit<T, R> {
  const queue: Waiter<T, R>[] = [];
  let draining: Promise<void> | undefined;
  let closed = false;
  const stats: GroupCommitStats = { flushes: 0, items: 0, largestBatch: 0 };

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      try {
        const results = await write(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (err) {
        batch.forEach((w) => w.reject(err));
      }
      stats.flushes += 1;
      stats.items += batch.length;
      stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    }
    // In the same step as the last check of the queue: an item queued after it starts the next drain.
    draining = undefined;
  }

  return {
    add(item) {
      if (closed) return Promise.reject(serviceUnavailable());
      const result = new Promise<R>((resolve, reject) => queue.push({ item, resolve, reject }));
      draining ??= drain();
      return result;
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
