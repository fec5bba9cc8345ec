import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import type { ArticleListItem } from '#shared/types';
import { ErrorBox } from '#client/components/ui/alert';
import { LoadingText } from '#client/components/ui/page-state';
import { paths } from '#client/config/paths';
import { useHomeArticles } from '#client/features/articles/api/get-home-articles';
import { ArticleCard } from '#client/features/articles/components/article-card';
import { ArticleCardSkeleton } from '#client/features/articles/components/card-skeletons';
import { HeroCard, HeroCardSkeleton } from '#client/features/articles/components/hero-card';
import { StoryBlock } from '#client/features/articles/components/story-block';
import { SubscribeBox } from '#client/features/newsletters/components/subscribe-box';
import { cn } from '#client/lib/cn';
import { errorMessage } from '#client/lib/errors';
import { usePageTitle, useSite } from '#client/lib/site-settings';

/** The home page's title, as the server writes it (server/src/reader/head.ts). */
const homeTitle = (siteName: string) => `${siteName}: local and world news`;

/** docs/spec/SPEC.md §9: Featured shows 4 cards. */
const FEATURED_COUNT = 4;

// A chunk of its own, rendered on the server like the rest: the reader's initial script stays within its budget.
const LatestRiver = lazy(() => import('#client/features/articles/components/latest-river').then((m) => ({ default: m.LatestRiver })));

/** Up to four columns on wide screens, as many as there are stories (at most 3 are featured, CONTRACT §4). */
const FEATURED_COLUMNS = [
  '',
  'sm:grid-cols-2 lg:grid-cols-3',
  'sm:grid-cols-2',
  'sm:grid-cols-2 lg:grid-cols-3',
  'sm:grid-cols-2 lg:grid-cols-4',
];

function FeaturedSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
      {Array.from({ length: FEATURED_COUNT }, (_, i) => (
        <ArticleCardSkeleton key={i} />
      ))}
    </div>
  );
}

function MainStory({ hero, isPending }: { hero: ArticleListItem | null | undefined; isPending: boolean }) {
  return (
    <section aria-label="Main story">
      {isPending ? (
        <HeroCardSkeleton />
      ) : hero ? (
        <HeroCard article={hero} />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">No main story available.</p>
      )}
    </section>
  );
}

function FeaturedStories({ featured }: { featured: ArticleListItem[] | undefined }) {
  return (
    <section aria-labelledby="featured-heading" aria-busy={!featured || undefined}>
      <h2 id="featured-heading" className="mb-5 border-b-2 border-slate-900 pb-2 font-serif text-2xl font-bold">
        Featured Stories
      </h2>
      {!featured ? (
        <FeaturedSkeleton />
      ) : featured.length === 0 ? (
        <p className="text-slate-600">No featured stories available.</p>
      ) : (
        <div className={cn('grid grid-cols-1 gap-6', FEATURED_COLUMNS[Math.min(featured.length, FEATURED_COUNT)])}>
          {featured.slice(0, FEATURED_COUNT).map((a) => (
            <ArticleCard key={a.id} article={a} />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * The home page (docs/spec/SPEC.md §2): the main story, featured stories, the Sports and Opinions blocks and the
 * Latest river, from one read (GET /api/articles/home) that shows each article once. `/?page=2` and on are the
 * river's next pages, without the blocks.
 */
export function HomeRoute() {
  // The server has sent any other spelling of `page` to its canonical address (loadHome). useLocation, not
  // useSearchParams: the reader's initial script has it already.
  const page = Number(new URLSearchParams(useLocation().search).get('page')) || 1;
  const home = useHomeArticles(page);
  usePageTitle(page > 1 ? `Latest news, page ${page}` : homeTitle);
  const siteName = useSite().data?.name ?? '';
  const error = home.isError && <ErrorBox>{errorMessage(home.error, 'Failed to fetch articles')}</ErrorBox>;

  if (page > 1)
    return (
      <div className="mx-auto max-w-7xl px-4 py-6 md:py-10">
        <h1 className="sr-only">{`${siteName}: latest stories, page ${page}`}</h1>
        {error ||
          (home.data ? (
            <Suspense fallback={<LoadingText>Loading articles...</LoadingText>}>
              <LatestRiver latest={home.data.latest} page={page} />
            </Suspense>
          ) : (
            <LoadingText>Loading articles...</LoadingText>
          ))}
      </div>
    );

  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-6 md:py-10">
      <h1 className="sr-only">{`${siteName}: top stories`}</h1>
      {error}
      {!error && (
        <>
          <MainStory hero={home.data?.main} isPending={home.isPending} />
          <FeaturedStories featured={home.data?.featured} />
          <div className="grid gap-12 lg:grid-cols-2">
            <StoryBlock title="Sports" viewAllTo={paths.section('sports')} articles={home.data?.sports} isPending={home.isPending} />
            <StoryBlock
              title="Editorials & Opinions"
              viewAllTo={paths.section('editorials')}
              articles={home.data?.opinions}
              isPending={home.isPending}
            />
          </div>
          <SubscribeBox id="home-newsletter" />
          {home.data && (
            <Suspense fallback={null}>
              <LatestRiver latest={home.data.latest} page={1} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
