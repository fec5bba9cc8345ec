import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page renders on the server and while the browser hydrates that HTML, true from the next
 * render on (and at once in a page rendered in the browser alone). What depends on the clock, the time zone
 * or the window renders a stable form until this is true, so the first browser render matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
