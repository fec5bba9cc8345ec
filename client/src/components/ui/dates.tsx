import { formatDate, relativeTime } from '../../lib/dates';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * '3 hours ago' (docs/spec/SPEC.md §9) in a `<time>`. The server and the hydrating render show the date in UTC
 * instead: the clock moves between the two renders, so relative text would not match.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={value} className={className}>
      {hydrated ? relativeTime(value) : formatDate(value, 'UTC')}
    </time>
  );
}

/** 'March 4, 2026' in the reader's time zone, in UTC until hydrated (the server cannot know the reader's zone). */
export function LongDate({ value, className }: { value: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={value} className={className}>
      {formatDate(value, hydrated ? undefined : 'UTC')}
    </time>
  );
}
