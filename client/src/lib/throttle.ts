/**
 * Calls `fn` at most once per `waitMs`: the first call runs at once, later calls inside the window are
 * folded into one trailing call with the latest arguments.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const remaining = waitMs - (Date.now() - last);
    if (remaining <= 0 && !timer) {
      run(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(
      () => {
        timer = null;
        const next = pending;
        pending = null;
        if (next) run(next);
      },
      Math.max(0, remaining),
    );
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
