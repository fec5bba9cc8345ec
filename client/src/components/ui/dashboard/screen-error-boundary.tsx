import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Keeps the sidebar usable when a screen fails to render or its code cannot be loaded (for example a
 * chunk of an older build after the site was updated): the screen area offers a reload instead.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('Dashboard screen failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="rounded-xl bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-slate-900">This screen could not be shown.</h1>
        <p className="mt-2 text-sm text-slate-600">
          The site may have been updated since this page was opened. Reloading usually fixes it.
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-4 rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white"
        >
          Reload
        </button>
      </div>
    );
  }
}
