// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useReadTracking } from './use-read-tracking';

/** jsdom lays nothing out: every box is 0×0 at the top, so a body counts as read as soon as it is looked at. */
function Body({ onRead }: { onRead: () => void }) {
  const ref = useReadTracking('a1', onRead);
  return <div ref={ref}>A short article.</div>;
}

const setPrerendering = (value: boolean | undefined) => Object.defineProperty(document, 'prerendering', { value, configurable: true });

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  setPrerendering(undefined);
  vi.unstubAllGlobals();
});

describe('useReadTracking', () => {
  // The watcher is its own chunk: it starts once that has loaded (lib/watch-read.ts).
  const watching = () => import('../lib/watch-read');

  it('looks at the body as soon as the watcher is there, on a page the reader opened', async () => {
    const onRead = vi.fn();
    render(<Body onRead={onRead} />);
    await waitFor(() => expect(onRead).toHaveBeenCalledTimes(1));
  });

  it('on a prerendered page, waits until the reader arrives: nobody has read it before', async () => {
    setPrerendering(true);
    const onRead = vi.fn();
    render(<Body onRead={onRead} />);
    await act(watching);
    expect(onRead).not.toHaveBeenCalled();

    setPrerendering(false);
    act(() => {
      document.dispatchEvent(new Event('prerenderingchange'));
    });
    expect(onRead).toHaveBeenCalledTimes(1);
  });

  it('a prerendered page left unseen never counts', async () => {
    setPrerendering(true);
    const onRead = vi.fn();
    const { unmount } = render(<Body onRead={onRead} />);
    await act(watching);
    unmount();
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(onRead).not.toHaveBeenCalled();
  });
});
