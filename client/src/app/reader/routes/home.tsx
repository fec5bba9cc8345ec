import { ErrorBox } from '#client/components/ui/alert';
import { paths } from '#client/config/paths';
import {
  getPublishedArticlesQueryOptions,
  usePublishedArticles,
  type PublishedArticlesFilter,
} from '#client/features/articles/api/get-published-articles';
import { ArticleCard } from '#client/features/articles/components/article-card';
import { ArticleCardSkeleton } from '#client/features/articles/components/card-skeletons';
import { HeroCard, HeroCardSkeleton } from '#client/features/articles/components/hero-card';
import { StoryBlock } from '#client/features/articles/components/story-block';
import { cn } from '#client/lib/cn';
import { errorMessage } from '#client/lib/errors';
import { useDocumentTitle } from '#client/lib/page-title';
import type { LoadArgs, Loaded } from '../load';

export const HOME_TITLE = 'Chronicle News: local and world news';

/** docs/spec/SPEC.md §9: Featured shows 4 cards; the Sports and Opinions blocks their first four articles. */
const FEATURED_COUNT = 4;
const BLOCK_COUNT = 4;

/** The home page's four lists: its load fills them, its parts read them. */
const homeLists = {
  main: { main: true, limit: 1 },
  featured: { featured: true, limit: FEATURED_COUNT },
  sports: { section: 'Sports', limit: BLOCK_COUNT },
  opinions: { section: 'Opinions & Editorials', limit: BLOCK_COUNT },
} satisfies Record<string, PublishedArticlesFilter>;
/** On the server: the four lists; the page answers 503 when one of them could not be read. */
export async function loadHome({ queryClient, transport }: LoadArgs): Promise<Loaded> {
  const read = (list: PublishedArticlesFilter) => queryClient.fetchQuery(getPublishedArticlesQueryOptions(list, transport));
  const [main, ...rest] = await Promise.allSettled([
    read(homeLists.main),
    read(homeLists.featured),
    read(homeLists.sports),
    read(homeLists.opinions),
  ]);
  return {
    page: { kind: 'home', mainStory: main.status === 'fulfilled' ? (main.value.data[0] ?? null) : null },
    failed: [main, ...rest].some((answer) => answer.status === 'rejected'),
  };
}

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

function MainStory() {
  const main = usePublishedArticles(homeLists.main);
  const hero = main.data?.data[0];
  return (
    <section aria-label="Main story">
      {main.isPending ? (
        <HeroCardSkeleton />
      ) : main.isError ? (
        <ErrorBox>{errorMessage(main.error, 'Failed to fetch articles')}</ErrorBox>
      ) : hero ? (
        <HeroCard article={hero} />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">No main story available.</p>
      )}
    </section>
  );
}

function FeaturedStories() {
  const featured = usePublishedArticles(homeLists.featured);
  return (
    <section aria-labelledby="featured-heading" aria-busy={featured.isPending || undefined}>
      <h2 id="featured-heading" className="mb-5 border-b-2 border-slate-900 pb-2 font-serif text-2xl font-bold">
        Featured Stories
      </h2>
      {featured.isPending ? (
        <FeaturedSkeleton />
      ) : featured.isError ? (
        <ErrorBox>{errorMessage(featured.error, 'Failed to fetch articles')}</ErrorBox>
      ) : featured.data.data.length === 0 ? (
        <p className="text-slate-600">No featured stories available.</p>
      ) : (
        <div className={cn('grid grid-cols-1 gap-6', FEATURED_COLUMNS[Math.min(featured.data.data.length, FEATURED_COUNT)])}>
          {featured.data.data.slice(0, FEATURED_COUNT).map((a) => (
            <ArticleCard key={a.id} article={a} />
          ))}
        </div>
      )}
    </section>
  );
}

function SectionBlock({ title, list, viewAllTo }: { title: string; list: PublishedArticlesFilter; viewAllTo: string }) {
  const articles = usePublishedArticles(list);
  return <StoryBlock title={title} viewAllTo={viewAllTo} articles={articles.data?.data} isPending={articles.isPending} />;
}

/**
 * The home page (docs/spec/SPEC.md §2). It asks the API only for what it shows: the main story, four featured
 * stories, and four articles each of Sports and Opinions & Editorials. Each part has its own query, so
 * one answer re-renders only its part.
 */
export function HomeRoute() {
  useDocumentTitle(HOME_TITLE);
  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-6 md:py-10">
      <h1 className="sr-only">Chronicle News: top stories</h1>
      <MainStory />
      <FeaturedStories />
      <div className="grid gap-12 lg:grid-cols-2">
        <SectionBlock title="Sports" list={homeLists.sports} viewAllTo={paths.section('sports')} />
        <SectionBlock title="Editorials & Opinions" list={homeLists.opinions} viewAllTo={paths.section('editorials')} />
      </div>
    </div>
  );
}
