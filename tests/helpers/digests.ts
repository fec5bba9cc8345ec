/**
 * A daily digest a journey adds and makes due itself (docs/decisions/069-newsletters.md): created at an hour far from
 * now, then moved to this hour of the newsroom's time zone once its reader has subscribed. The app's minutely job makes
 * it within the minute and the worker sends it. Made due before, the job could make it before the reader came; the
 * demo's daily briefing cannot serve, since it is due from 07:00 to 09:59 and made once a day.
 */
import { localTime } from '../../server/src/newsletters/local-time';

/** The body of `PUT /api/newsletters/:id` for a daily digest named `name` sent at `sendHour` (POST adds `kind`). */
export function dailyDigest(name: string, sendHour: number) {
  return { name, description: '', senderName: '', sendHour, weekday: 1, articleCount: 3, order: 'newsroom', active: true };
}

/** The hour far from now at which a new digest is created. */
export const farFromNow = (timeZone: string) => (localTime(new Date(), timeZone).hour + 12) % 24;

/**
 * Waits past the day's last two minutes, then answers this hour, at which the digest is due now: the job must still be
 * on the day it is due (a digest stays due for hours).
 */
export async function dueHour(timeZone: string): Promise<number> {
  const dayEnds = () => localTime(new Date(), timeZone).date !== localTime(new Date(Date.now() + 120_000), timeZone).date;
  while (dayEnds()) await new Promise((r) => setTimeout(r, 5_000));
  return localTime(new Date(), timeZone).hour;
}
