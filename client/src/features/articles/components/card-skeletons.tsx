import { Skeleton } from '#client/components/ui/skeleton';
import { cn } from '#client/lib/cn';

/** Stand-in of an ArticleCard while loading. */
export function ArticleCardSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white', className)} aria-hidden="true">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-2 p-4">
        <Skeleton className="h-4 w-16" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}

export function ArticleRowSkeleton() {
  return (
    <div className="flex gap-3 p-2" aria-hidden="true">
      <Skeleton className="aspect-[4/3] w-28 shrink-0" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/3" />
      </div>
    </div>
  );
}
