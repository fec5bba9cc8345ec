import { Link } from '#client/components/ui/link';
import type { ArticleListItem, MediaItem } from '#shared/types';
import { buttonClasses } from '#client/components/ui/button';
import { ArrowRightIcon } from '#client/components/ui/icons';
import { Skeleton } from '#client/components/ui/skeleton';
import { paths } from '#client/config/paths';
import { CardMedia } from './card-media';
import { Byline } from './card-text';
import { CategoryBadge } from './category-badge';

/** The main story (docs/spec/SPEC.md §2): badge, title, summary, author, relative time, a large image, 'Read Full Story'. */
export function HeroCard({ article, media }: { article: ArticleListItem; media?: MediaItem[] }) {
  return (
    <article className="grid overflow-hidden rounded-xl bg-slate-900 text-white shadow-lg lg:grid-cols-5">
      <CardMedia
        article={article}
        fallbackMedia={media}
        alt={article.title}
        // The home page's first visible image: at once, with high priority.
        eager
        sizes="(min-width: 1280px) 750px, (min-width: 1024px) 60vw, 100vw"
        className="aspect-video lg:col-span-3 lg:aspect-auto lg:min-h-[22rem]"
        width={1200}
        height={675}
      />
      <div className="flex flex-col justify-center gap-3 p-5 md:p-8 lg:col-span-2">
        <CategoryBadge name={article.category?.name} />
        <h2 className="font-serif text-2xl leading-tight font-bold md:text-4xl">
          <Link to={paths.article(article.id)} state={{ article }} className="hover:underline">
            {article.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-slate-200 md:text-lg">{article.summary}</p>
        <Byline article={article} by className="text-sm text-slate-300" />
        <Link
          to={paths.article(article.id)}
          state={{ article }}
          className={buttonClasses('secondary', 'lg', 'mt-2 w-fit border-white')}
          aria-label={`Read Full Story: ${article.title}`}
        >
          Read Full Story <ArrowRightIcon width={18} height={18} />
        </Link>
      </div>
    </article>
  );
}

export function HeroCardSkeleton() {
  return (
    <div
      className="grid overflow-hidden rounded-xl border border-slate-200 lg:grid-cols-5"
      role="status"
      aria-busy="true"
      aria-label="Loading the main story"
    >
      <Skeleton className="aspect-video rounded-none lg:col-span-3 lg:aspect-auto lg:min-h-[22rem]" />
      <div className="flex flex-col justify-center gap-3 p-5 md:p-8 lg:col-span-2">
        <Skeleton className="h-5 w-20" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="mt-2 h-10 w-40" />
      </div>
    </div>
  );
}
