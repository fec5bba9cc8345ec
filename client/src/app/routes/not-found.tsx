import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="text-xl">Oops! Page not found</p>
      <Link to="/" className="rounded bg-slate-900 px-4 py-2 text-white">
        Return to Home
      </Link>
    </main>
  );
}
