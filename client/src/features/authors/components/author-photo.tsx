import type { Author } from '#shared/types';
import { ResponsiveImage } from '#client/components/ui/responsive-image';
import { cn } from '#client/lib/cn';

/** The author's photo in a circle, or their initials where there is none. */
export function AuthorPhoto({
  author,
  size,
  className,
}: {
  author: Pick<Author, 'name' | 'avatarUrl' | 'avatar'>;
  size: number;
  className?: string;
}) {
  const frame = cn('shrink-0 overflow-hidden rounded-full bg-slate-200', className);
  if (!author.avatarUrl)
    return (
      <span
        aria-hidden="true"
        className={cn(frame, 'flex items-center justify-center font-serif font-bold text-slate-600')}
        style={{ width: size, height: size, fontSize: size / 3 }}
      >
        {author.name
          .split(/\s+/)
          .filter(Boolean)
          .slice(0, 2)
          .map((word) => word[0]?.toUpperCase())
          .join('')}
      </span>
    );
  return (
    <span className={frame} style={{ width: size, height: size }}>
      <ResponsiveImage
        src={author.avatarUrl}
        image={author.avatar}
        alt={author.name}
        sizes={`${size}px`}
        width={size}
        height={size}
        priority
        className="h-full w-full object-cover"
      />
    </span>
  );
}
