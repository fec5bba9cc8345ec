// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/stories-old.js');
}

describe('ScreenErrorBoundary', () => {
  afterEach(cleanup);

  it('offers a reload instead of a blank page when a screen fails, and recovers on navigation', () => {
    // React reports the caught error on console.error; this test expects it.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { rerender } = render(
      <ScreenErrorBoundary resetKey="/dashboard/stories">
        <Broken />
      </ScreenErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('This screen could not be shown.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    rerender(
      <ScreenErrorBoundary resetKey="/dashboard">
        <p>Overview</p>
      </ScreenErrorBoundary>,
    );
    expect(screen.getByText('Overview')).toBeTruthy();
    consoleError.mockRestore();
    consoleWarn.mockRestore();
  });
});
