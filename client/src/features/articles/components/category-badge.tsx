import { cn } from '#client/lib/cn';

/** The category label on cards and the article page. */
export function CategoryBadge({ name, className }: { name: string | null | undefined; className?: string }) {
  if (!name) return null;
  return (
    <span
      className={cn('inline-block w-fit rounded bg-brand px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase', className)}
    >
      {name}
    </span>
  );
}
