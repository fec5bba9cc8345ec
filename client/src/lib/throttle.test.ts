import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and folds a burst into one trailing call with the latest arguments', () => {
    const fn = vi.fn();
    const t = throttle(fn, 200);
    t(1);
    t(2);
    t(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(199);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3]]);
  });

  it('never runs more than once per window during continuous calls', () => {
    const fn = vi.fn();
    const t = throttle(fn, 200);
    for (let ms = 0; ms < 1000; ms += 10) {
      t(ms);
      vi.advanceTimersByTime(10);
    }
    expect(fn.mock.calls.length).toBeLessThanOrEqual(6);
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(5);
  });

  it('cancel drops the pending trailing call', () => {
    const fn = vi.fn();
    const t = throttle(fn, 200);
    t('a');
    t('b');
    t.cancel();
    vi.advanceTimersByTime(500);
    expect(fn.mock.calls).toEqual([['a']]);
  });
});
