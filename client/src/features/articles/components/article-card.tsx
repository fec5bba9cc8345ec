import type { ArticleListItem } from '#shared/types';
import { cn } from '#client/lib/cn';
import { CardMedia } from './card-media';
import { Byline, StretchedTitleLink } from './card-text';
import { CategoryBadge } from './category-badge';

export type CardVariant = 'default' | 'large' | 'wide' | 'compact';
type Heading = 'h2' | 'h3' | 'h4';

/**
 * How wide each card's picture is on the page (the `sizes` attribute), in the layouts that use it inside the
 * 1280 px wide page: featured stories (1 to 4 columns), a lead story, a wide card (half its row from md), the
 * grid (2, 3 then 4 columns). A place that lays cards out otherwise passes its own.
 */
export const CARD_SIZES: Record<CardVariant, string> = {
  default: '(min-width: 1280px) 410px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  large: '(min-width: 1280px) 830px, (min-width: 1024px) 66vw, 100vw',
  wide: '(min-width: 1280px) 624px, (min-width: 768px) 50vw, 100vw',
  compact: '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw',
};

interface ArticleCardProps {
  article: ArticleListItem;
  variant?: CardVariant;
  as?: Heading;
  eager?: boolean;
  className?: string;
  /** On wide screens the picture grows to fill a taller grid cell. */
  fill?: boolean;
  /** How wide the picture is on the page, when not as CARD_SIZES says for the variant. */
  sizes?: string;
}

/**
 * The story card (docs/spec/SPEC.md §2): media, category badge, title and summary clamped to two lines, author and
 * relative time. The whole card is clickable through the title link, which passes the article along.
 */
export function ArticleCard({ article, variant = 'default', as: H = 'h3', eager, className, fill, sizes }: ArticleCardProps) {
  const wide = variant === 'wide';
  return (
    <article
      className={cn(
        'group relative flex overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-blue-600 hover:shadow-md',
        wide ? 'flex-col md:flex-row' : 'flex-col',
        className,
      )}
    >
      <CardMedia
        article={article}
        allowVideo
        eager={eager}
        sizes={sizes ?? CARD_SIZES[variant]}
        className={cn(
          variant === 'large' ? 'aspect-video' : 'aspect-[4/3]',
          wide && 'md:w-1/2 md:shrink-0',
          fill && 'lg:aspect-auto lg:min-h-72 lg:flex-1',
        )}
        width={variant === 'large' ? 1200 : 800}
        height={variant === 'large' ? 675 : 600}
      />
      <div
        className={cn('flex flex-col gap-2', !fill && 'flex-1', variant === 'compact' ? 'p-3' : 'p-4', wide && 'md:justify-center md:p-6')}
      >
        <CategoryBadge name={article.category?.name} />
        <H
          className={cn(
            'line-clamp-2 font-serif leading-snug font-bold text-slate-900',
            variant === 'large' || wide ? 'text-2xl' : variant === 'compact' ? 'text-base' : 'text-lg',
          )}
        >
          <StretchedTitleLink article={article} />
        </H>
        <p className={cn('line-clamp-2 text-slate-600', variant === 'compact' ? 'text-sm' : 'text-sm md:text-base')}>{article.summary}</p>
        <Byline article={article} className="mt-auto pt-1 text-xs text-slate-600" />
      </div>
    </article>
  );
}

/** A compact row: a thumbnail beside the title (the three follow-ups of the Sports and Opinions blocks). */
export function ArticleRow({ article, as: H = 'h3' }: { article: ArticleListItem; as?: Heading }) {
  return (
    <article className="group relative flex gap-3 rounded-md p-2 focus-within:ring-2 focus-within:ring-blue-600 hover:bg-slate-50">
      <CardMedia article={article} allowVideo className="aspect-[4/3] w-28 shrink-0 rounded" width={224} height={168} sizes="112px" />
      <div className="flex min-w-0 flex-col gap-1">
        <H className="line-clamp-2 font-serif text-base leading-snug font-bold text-slate-900">
          <StretchedTitleLink article={article} />
        </H>
        <Byline article={article} className="text-xs text-slate-600" />
      </div>
    </article>
  );
}
