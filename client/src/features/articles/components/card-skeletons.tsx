import { Skeleton } from '#client/components/ui/skeleton';
import { cn } from '#client/lib/cn';

/** Grey bars standing in for a card's lines of text, one a class (its height and width). */
function Bars({ className, bars }: { className: string; bars: string[] }) {
  return (
    <div className={className}>
      {bars.map((bar, i) => (
        <Skeleton key={i} className={bar} />
      ))}
    </div>
  );
}

/** Stand-in of an ArticleCard while loading. */
export function ArticleCardSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white', className)} aria-hidden="true">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <Bars className="space-y-2 p-4" bars={['h-4 w-16', 'h-5 w-full', 'h-5 w-2/3', 'h-3 w-full', 'h-3 w-1/2']} />
    </div>
  );
}

export function ArticleRowSkeleton() {
  return (
    <div className="flex gap-3 p-2" aria-hidden="true">
      <Skeleton className="aspect-[4/3] w-28 shrink-0" />
      <Bars className="flex-1 space-y-2" bars={['h-4 w-full', 'h-4 w-2/3', 'h-3 w-1/3']} />
    </div>
  );
}

/** Stand-in of the HeroCard while loading. */
export function HeroCardSkeleton() {
  return (
    <div
      className="grid overflow-hidden rounded-xl border border-slate-200 lg:grid-cols-5"
      role="status"
      aria-busy="true"
      aria-label="Loading the main story"
    >
      <Skeleton className="aspect-video rounded-none lg:col-span-3 lg:aspect-auto lg:min-h-[22rem]" />
      <Bars
        className="flex flex-col justify-center gap-3 p-5 md:p-8 lg:col-span-2"
        bars={['h-5 w-20', 'h-9 w-full', 'h-9 w-3/4', 'h-4 w-full', 'h-4 w-5/6', 'mt-2 h-10 w-40']}
      />
    </div>
  );
}
