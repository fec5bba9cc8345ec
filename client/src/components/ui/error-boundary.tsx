import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Button } from './button';

function ScreenFailed(_: FallbackProps) {
  return (
    <div role="alert" className="rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-lg font-semibold text-slate-900">This screen could not be shown.</h1>
      <p className="mt-2 text-sm text-slate-600">The site may have been updated since this page was opened. Reloading usually fixes it.</p>
      <Button className="mt-4" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}

/**
 * Keeps the rest of the page usable when one screen fails to render or its code cannot be loaded (for
 * example a chunk of an older build after the site was updated): the screen's area offers a reload
 * instead. A new `resetKey` (the next address) tries the screen again.
 */
export function ScreenErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  return (
    <ErrorBoundary
      FallbackComponent={ScreenFailed}
      resetKeys={[resetKey]}
      onError={(error, info) => console.warn('Screen failed', error, info.componentStack)}
    >
      {children}
    </ErrorBoundary>
  );
}
