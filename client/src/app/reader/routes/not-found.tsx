import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link } from '#client/components/ui/link';
import { buttonClasses } from '#client/components/ui/button';
import { paths } from '#client/config/paths';
import { usePageTitle } from '#client/lib/site-settings';
import type { Loaded } from '../load';

export const loadNotFound = async (): Promise<Loaded> => ({ page: { kind: 'not-found' } });

/** Any other path (docs/spec/SPEC.md §2): '404', 'Oops! Page not found', 'Return to Home'; the path is logged. */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  usePageTitle('Page not found');
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <div data-not-found="" className="flex flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="font-serif text-7xl font-bold text-slate-900">404</h1>
      <p className="text-xl text-slate-700">Oops! Page not found</p>
      <Link to={paths.home} className={buttonClasses('primary', 'lg')}>
        Return to Home
      </Link>
    </div>
  );
}
