import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('waits for the browser to be idle, at the latest for the timeout, and can be called off', () => {
    const asked: { run: () => void; timeout?: number }[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      (run: () => void, options?: { timeout?: number }) => asked.push({ run, timeout: options?.timeout }) - 1,
    );
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const work = vi.fn();
    whenIdle(work, 1500);
    expect(work).not.toHaveBeenCalled();
    expect(asked[0]!.timeout).toBe(1500);
    asked[0]!.run();
    expect(work).toHaveBeenCalledTimes(1);
    whenIdle(work)();
    expect(cancelled).toEqual([1]);
  });

  it('falls back to a timer where there is no requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5);
    expect(work).toHaveBeenCalledTimes(1);
    const cancel = whenIdle(work);
    cancel();
    vi.advanceTimersByTime(5);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
