import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReadProgress } from '../lib/read-progress';

/**
 * Watches the article body while the reader scrolls and calls `onFullyRead` once, when its top and its
 * bottom have both been on screen (lib/watch-read.ts). The watcher is its own chunk, fetched once the page
 * is on screen: nothing a reader needs to start reading waits for it. Returns the ref callback for the body
 * element.
 */
export function useReadTracking(key: string, onFullyRead: (progress: ReadProgress) => void) {
  const [body, setBody] = useState<HTMLElement | null>(null);
  const callback = useRef(onFullyRead);
  useEffect(() => {
    callback.current = onFullyRead;
  }, [onFullyRead]);

  useEffect(() => {
    if (!body) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('../lib/watch-read').then(({ watchRead }) => {
      if (!left) stop = watchRead(body, (progress) => callback.current(progress));
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [body, key]);

  return useCallback((el: HTMLElement | null) => setBody(el), []);
}
