import { QueryClientContext, hashKey } from '@tanstack/react-query';
import { useContext } from 'react';
import type { Site } from '#shared/types';
import { formatDate, relativeTime } from '../../lib/dates';
import { readerKeys } from '../../lib/query-keys';
import { useHydrated } from '../../lib/use-hydrated';

const SITE_HASH = hashKey(readerKeys.site);

/**
 * The site's language and time zone for dates (its settings), as the page's query cache holds them: the server writes
 * dates in the newsroom's zone, and the hydrating render (the page's or an island's, handed the same cache) agrees;
 * the reader's own zone follows. Read, not fetched: a screen without the settings (or without a cache) writes dates
 * as a fresh install does, in American English and UTC.
 */
function useDateSettings() {
  // The cache's own look-up by the key's hash (getQueryData first makes the query's default options): a page has a
  // date for every comment.
  const site = useContext(QueryClientContext)?.getQueryCache().get<Site>(SITE_HASH)?.state.data;
  return { locale: site?.locale ?? 'en-US', timeZone: site?.timeZone ?? 'UTC' };
}

/**
 * '3 hours ago' (docs/spec/SPEC.md §9) in a `<time>`. The server and the hydrating render show the date in the
 * newsroom's time zone instead: the clock moves between the two renders, so relative text would not match.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const hydrated = useHydrated();
  const { locale, timeZone } = useDateSettings();
  return (
    <time dateTime={value} className={className}>
      {hydrated ? relativeTime(value) : formatDate(value, timeZone, locale)}
    </time>
  );
}

/** 'March 4, 2026' in the reader's time zone, in the newsroom's until hydrated (the server cannot know the reader's zone). */
export function LongDate({ value, className }: { value: string; className?: string }) {
  const hydrated = useHydrated();
  const { locale, timeZone } = useDateSettings();
  return (
    <time dateTime={value} className={className}>
      {formatDate(value, hydrated ? undefined : timeZone, locale)}
    </time>
  );
}
