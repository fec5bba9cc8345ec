import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '#client/config/paths';
import { usePageTitle } from '#client/lib/site-settings';

/** The fallback of a page that failed to render (docs/spec/SPEC.md §8): 'Unexpected Application Error!'. A plain link reloads the app. */
export function RouteError({ error }: { error: unknown }) {
  usePageTitle('Error');
  useEffect(() => {
    console.error('Unexpected Application Error!', error);
  }, [error]);
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="font-serif text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="text-slate-600">Something went wrong while showing this page. Please try again.</p>
      <a href={paths.home} className="rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700">
        Return to Home
      </a>
    </main>
  );
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** Catches what a page throws while rendering; moving to another address starts afresh. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
