import { Suspense, memo, type CSSProperties, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteHeader } from '../../components/layout/site-header';
import { Skeleton } from '../../components/ui/skeleton';
import { getBreakingNewsQueryOptions, useHeadlines } from '../../features/breaking-news/api/get-breaking-news';
import { BreakingNewsTicker, TICKER_HEIGHT } from '../../features/breaking-news/components/breaking-news-ticker';
import { useLiveHeadlines } from '../../features/breaking-news/hooks/use-live-headlines';
import { getCategoriesQueryOptions, useCategories } from '../../features/categories/api/get-categories';
import { getSiteQueryOptions, useSite } from '../../lib/site-settings';
import { DEFAULT_ACCENT } from '#shared/colors';
import type { Site } from '#shared/types';
import { Kept } from './kept-part';
import type { LoadArgs } from './load';

/**
 * A part of the frame the browser hydrates on its own (docs/decisions/053-cheap-reader-pages.md): React hydrates each
 * Suspense boundary of the server's HTML as a unit of work, in a task of its own, instead of the whole page in one long
 * commit that keeps a phone from answering a tap. Nothing in it suspends on the server: the page's HTML is complete.
 */
function Apart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

// The page does not depend on the ticker or the category list: their answers re-render only the frame.
const Page = memo(function Page() {
  return (
    <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
      <Apart>
        <Outlet />
      </Apart>
    </main>
  );
});

/**
 * On the server: the ticker, the categories of the header and footer and the site's settings (its name, contact and
 * accounts), around every reader page. None fails the page.
 */
export async function loadPublicLayout({ queryClient, transport }: LoadArgs): Promise<undefined> {
  await Promise.all([
    queryClient.prefetchQuery(getBreakingNewsQueryOptions(transport)),
    queryClient.prefetchQuery(getCategoriesQueryOptions(transport)),
    queryClient.prefetchQuery(getSiteQueryOptions(transport)),
  ]);
  return undefined;
}

/**
 * While the settings load in the browser (a page the client app moves to; a server-rendered page has them) or if
 * they cannot be read: nothing but a blank name, never another newsroom's.
 */
const DEFAULT_SITE: Site = {
  name: '',
  tagline: '',
  description: '',
  address: '',
  email: '',
  phone: '',
  social: {},
  setUp: true,
  noindex: false,
  accentColor: DEFAULT_ACCENT,
  locale: 'en-US',
  timeZone: 'UTC',
  logo: null,
  icon: null,
  shareImage: null,
  menus: { header: [], footer: [] },
  updatedAt: new Date(0).toISOString(),
};

/** One empty list: a new one on each render would make React hydrate a waiting part afresh (see Apart). */
const NONE: never[] = [];

/**
 * The public frame (docs/spec/SPEC.md §2): the sticky ticker, the header, the page, the footer. While the ticker's
 * headlines load, its height is kept so the page does not jump when they arrive.
 */
export function PublicLayout() {
  const { headlines, isPending } = useHeadlines();
  useLiveHeadlines();
  const categories = useCategories();
  const site = useSite().data ?? DEFAULT_SITE;
  const tickerShown = isPending || headlines.length > 0;
  // Said here, not by the header's <img> (React preloads the images it renders): a kept header is not rendered.
  if (site.logo) preload(site.logo.url, { as: 'image' });
  return (
    <div
      data-frame=""
      className="flex min-h-screen flex-col"
      style={{ '--ticker-h': tickerShown ? TICKER_HEIGHT : '0px' } as CSSProperties}
    >
      <a
        href="#main"
        className="sr-only z-[60] rounded bg-white px-4 py-2 font-semibold text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Kept part="ticker" inputs={[isPending, headlines]}>
        {isPending ? (
          <div className="sticky top-0 z-50 flex items-center bg-red-700 px-3" style={{ height: TICKER_HEIGHT }} aria-hidden="true">
            <Skeleton className="h-3 w-2/3 max-w-lg bg-red-500" />
          </div>
        ) : (
          <BreakingNewsTicker headlines={headlines} />
        )}
      </Kept>
      <Apart>
        <Kept part="header" inputs={[site.menus.header, site.name, site.logo, site.setUp]}>
          <SiteHeader links={site.menus.header} siteName={site.name} logo={site.logo} setUp={site.setUp} />
        </Kept>
      </Apart>
      <Page />
      <Apart>
        {/* The footer shows the year (the UTC year on the server). */}
        <Kept part="footer" inputs={[categories.data, site, new Date().getUTCFullYear()]}>
          <SiteFooter categories={categories.data ?? NONE} site={site} />
        </Kept>
      </Apart>
    </div>
  );
}
