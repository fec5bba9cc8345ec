import { TZDate } from '@date-fns/tz';

/**
 * Wall-clock times in a named zone (the newsroom's, a site setting) and the instants they are, through @date-fns/tz
 * (docs/decisions/059-scheduling.md): an editor in Lisbon scheduling for a newsroom in New York types New York's time.
 */

export interface WallTime {
  /** `YYYY-MM-DD`, as an `<input type="date">` holds it. */
  date: string;
  /** `HH:mm`, as an `<input type="time">` holds it. */
  time: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** The instant a wall-clock date and time in `zone` is; null when either is not a valid value. */
export function zonedInstant({ date, time }: WallTime, zone: string): Date | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const instant = new TZDate(year, month - 1, day, hour, minute, zone);
  // 31 February rolls over into March: not a date anyone typed.
  if (instant.getDate() !== day) return null;
  return new Date(instant.getTime());
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock date and time of `instant` in `zone`. */
export function wallTime(instant: Date, zone: string): WallTime {
  const at = new TZDate(instant.getTime(), zone);
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** "Tue, 1 Dec 2026, 09:00" in `zone` (the reader's own when undefined). */
export function formatWallTime(instant: Date | string, zone?: string): string {
  const key = zone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
    });
    formats.set(key, format);
  }
  return format.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** The zone this browser is in. */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
