/**
 * Runs `work` once the browser has nothing more pressing to do (at the latest after `timeoutMs`): for what a page
 * starts that the reader does not need to read it — the ticker's live stream, the read-depth watcher — so that it does
 * not add to the work of the page's first seconds on a slow phone (docs/decisions/053-cheap-reader-pages.md).
 * Returns a function that cancels it, if it has not run.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1);
  return () => clearTimeout(id);
}
