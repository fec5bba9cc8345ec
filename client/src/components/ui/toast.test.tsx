// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from './toast';

afterEach(cleanup);

describe('toast (sonner)', () => {
  it('renders nothing on the server and before the first toast', async () => {
    // A fresh copy of the module: the unit tests share one module graph (vitest.config.ts), and another file's toast
    // has come before this one.
    vi.resetModules();
    const fresh = await import('./toast');
    expect(renderToString(<fresh.Toaster />)).toBe('');
    const { container } = render(<fresh.Toaster />);
    expect(container.innerHTML).toBe('');
  });

  it('announces one toast at a time in a status region: a new one replaces the one on screen', async () => {
    render(<Toaster />);
    act(() => toast.success('Category added.'));
    // The first toast loads sonner: slower than findBy's default second on a busy machine.
    const first = await screen.findByRole('status', {}, { timeout: 5_000 });
    expect(first.textContent).toContain('Success');
    expect(first.textContent).toContain('Category added.');

    act(() => toast.error('Failed to delete category'));
    expect(await screen.findByText('Failed to delete category')).toBeTruthy();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('Error');
  });

  /**
   * A toast's time runs only while the page is shown (jsdom's document says it is hidden): sonner takes a toast whose
   * time is up away 200 ms later. A toast shown in those 200 ms once went with it, unseen (toaster-view.tsx).
   */
  it.each([3_900, 4_000, 4_100, 4_190, 4_300])('a toast shown %d ms after the last one stays its own 4 s', async (after) => {
    const hidden = Object.getOwnPropertyDescriptor(Document.prototype, 'hidden')!;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    try {
      render(<Toaster />);
      act(() => toast.success('Link copied.'));
      await screen.findByText('Link copied.', {}, { timeout: 5_000 });
      await wait(after);
      act(() => toast.success('Email verified.'));
      await wait(50);
      // One status, the new one's, even while the last one is still on its way out.
      expect(screen.getByRole('status').textContent).toContain('Email verified.');
      await wait(3_450);
      expect(screen.getByText('Email verified.')).toBeTruthy();
      expect(screen.getAllByRole('status')).toHaveLength(1);
      await wait(1_000);
      expect(screen.queryByText('Email verified.')).toBeNull();
    } finally {
      vi.useRealTimers();
      Object.defineProperty(document, 'hidden', hidden);
    }
  });
});
