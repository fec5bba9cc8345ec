/**
 * Dates as people read them, through Intl: one module for the reader and the dashboard alike.
 * Formatters are made once; building one is the costly part of Intl.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * Relative time of docs/spec/SPEC.md §9: seconds, minutes, hours, days (up to 6), weeks (up to 3), months (up to 11,
 * 30-day months), then years (365 days). So 28 and 29 days read '1 month ago': there is no '4 weeks ago'.
 * A value already ending in 'ago' is returned unchanged and an unparseable date as it is. A date in the
 * future (clock skew) counts as now.
 */
export function relativeTime(value: string | Date | null | undefined, now: number | Date = Date.now()): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' && /ago$/i.test(value.trim())) return value;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(time)) return String(value);
  const seconds = Math.max(0, Math.floor((Number(now) - time) / 1000));
  // Negative numbers read '… ago'; -0 keeps '0 seconds ago' in the past tense.
  const ago = (n: number, unit: Intl.RelativeTimeFormatUnit) => relative.format(-n, unit);
  if (seconds < MINUTE) return ago(seconds, 'second');
  if (seconds < HOUR) return ago(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), 'hour');
  const days = Math.floor(seconds / DAY);
  if (days < 7) return ago(days, 'day');
  if (days < 28) return ago(Math.floor(days / 7), 'week');
  if (days < 365) return ago(Math.min(11, Math.max(1, Math.floor(days / 30))), 'month');
  return ago(Math.floor(days / 365), 'year');
}

const longDates = new Map<string, Intl.DateTimeFormat>();

/** A browser older than the server may not know a newer zone's name (`America/Ciudad_Juarez`): UTC then, never a throw. */
function longDateFormat(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone });
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  }
}

/**
 * A long date for bylines ('March 4, 2026'), in `timeZone` or the local one and in the site's `locale` ('4 March 2026'
 * in en-GB); an unparseable value is shown as it is.
 */
export function formatDate(value: string | null | undefined, timeZone?: string, locale = 'en-US'): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const key = `${locale}|${timeZone ?? ''}`;
  let format = longDates.get(key);
  if (!format) {
    format = longDateFormat(locale, timeZone);
    longDates.set(key, format);
  }
  return format.format(time);
}

const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A short date for the dashboard's tables ('4 Mar 2026'); '—' when there is none. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '—';
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : shortDate.format(time);
}
