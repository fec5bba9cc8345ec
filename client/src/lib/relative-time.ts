const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;

/**
 * Relative time of SPEC.md §9: seconds, minutes, hours, days (up to 6), weeks (up to 3), months (up to 11,
 * 30-day months), then years (365 days). A value already ending in 'ago' is returned unchanged and an
 * unparseable date is returned as it is. A date in the future (clock skew) counts as now.
 */
export function relativeTime(value: string | Date | null | undefined, now: number = Date.now()): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' && value.trim().endsWith('ago')) return value;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(time)) return String(value);
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < 60) return unit(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return unit(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return unit(days, 'day');
  if (days < 28) return unit(Math.floor(days / 7), 'week');
  if (days < 365) return unit(Math.min(11, Math.max(1, Math.floor(days / 30))), 'month');
  return unit(Math.floor(days / 365), 'year');
}

/**
 * A long date for bylines ('March 4, 2026'), in `timeZone` or the local one; an unparseable value is shown
 * as it is.
 */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return new Date(time).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });
}
