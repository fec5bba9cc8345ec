/**
 * Relative time of SPEC.md §9: seconds, minutes, hours, days (up to 6), weeks (up to 3), months (up to
 * 11, 30-day months), then years (365 days). A value already ending in 'ago' is shown unchanged; an
 * unparseable date as is.
 */
export function relativeTime(value: string, now: Date = new Date()): string {
  if (/ago$/i.test(value.trim())) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const seconds = Math.max(0, Math.floor((now.getTime() - time) / 1000));
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return unit(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return unit(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return unit(days, 'day');
  if (days < 30) return unit(Math.floor(days / 7), 'week');
  if (days < 365) return unit(Math.min(11, Math.floor(days / 30)), 'month');
  return unit(Math.floor(days / 365), 'year');
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : dateFormat.format(time);
}

/** `YYYY-MM-DD` of a date in UTC, the form the daily views use. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` days ending today (UTC), oldest first, with 0 for days the server did not list. */
export function fillDays(
  rows: readonly { date: string; views: number }[],
  days: number,
  today: Date = new Date(),
): { date: string; views: number }[] {
  const byDay = new Map(rows.map((r) => [r.date.slice(0, 10), r.views]));
  const out: { date: string; views: number }[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i)));
    out.push({ date: day, views: byDay.get(day) ?? 0 });
  }
  return out;
}

export function formatNumber(n: number): string {
  return new Intl.NumberFormat('en-GB').format(n);
}
