import { throttle } from '#client/lib/throttle';
import { NOTHING_READ, isFullyRead, updateReadProgress, type ReadProgress } from './read-progress';
import { whenShown } from './when-shown';

/** docs/spec/SPEC.md §4: scroll events are throttled by 200 ms. */
export const SCROLL_THROTTLE_MS = 200;

/**
 * Watches the article body while the reader scrolls and calls `onFullyRead` once, when its top and its bottom have
 * both been on screen. A prerendered page starts watching only once the reader arrives on it: a short body fits on
 * screen at once, and would count as read by someone who never opened it. Returns what stops watching.
 */
export function watchRead(body: HTMLElement, onFullyRead: (progress: ReadProgress) => void): () => void {
  let progress = NOTHING_READ;
  let done = false;
  const check = () => {
    if (done) return;
    const rect = body.getBoundingClientRect();
    progress = updateReadProgress(progress, { top: rect.top, bottom: rect.bottom }, window.innerHeight);
    if (isFullyRead(progress)) {
      done = true;
      stop();
      onFullyRead(progress);
    }
  };
  const throttled = throttle(check, SCROLL_THROTTLE_MS);
  const stop = () => {
    throttled.cancel();
    window.removeEventListener('scroll', throttled);
    window.removeEventListener('resize', throttled);
  };
  // Images in the body change its height after load; look again when they do.
  const observer = new ResizeObserver(() => throttled());
  const start = () => {
    window.addEventListener('scroll', throttled, { passive: true });
    window.addEventListener('resize', throttled, { passive: true });
    observer.observe(body);
    check();
  };
  const cancelStart = whenShown(start);
  return () => {
    cancelStart();
    stop();
    observer.disconnect();
  };
}
