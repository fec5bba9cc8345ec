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
