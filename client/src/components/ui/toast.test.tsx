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
});
