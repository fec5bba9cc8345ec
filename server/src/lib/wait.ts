/**
 * Waits for `work` for `ms` at most, and never fails: a stop sequence goes on to its next step whatever one part
 * does (a pool that does not close, a worker that does not stop in time).
 */
export function waitAtMost(ms: number, work: Promise<unknown>): Promise<unknown> {
  return Promise.race([work.catch(() => {}), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
}
