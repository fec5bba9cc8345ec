import { describe, expect, it } from 'vitest';
import { fillDays, relativeTime } from './format';

const NOW = new Date('2026-03-31T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('relativeTime (SPEC.md §9)', () => {
  it.each([
    [30, '30 seconds ago'],
    [60, '1 minute ago'],
    [3 * 3600, '3 hours ago'],
    [6 * 86400, '6 days ago'],
    [7 * 86400, '1 week ago'],
    [29 * 86400, '4 weeks ago'],
    [45 * 86400, '1 month ago'],
    [364 * 86400, '11 months ago'],
    [800 * 86400, '2 years ago'],
  ])('%i s → %s', (seconds, text) => {
    expect(relativeTime(ago(seconds), NOW)).toBe(text);
  });

  it('keeps a value already ending in "ago" and an unparseable one as they are', () => {
    expect(relativeTime('5 minutes ago', NOW)).toBe('5 minutes ago');
    expect(relativeTime('yesterday-ish', NOW)).toBe('yesterday-ish');
  });
});

describe('fillDays', () => {
  it('lists every one of the last N days, oldest first, with 0 for days without views', () => {
    expect(fillDays([{ date: '2026-03-30', views: 4 }], 3, NOW)).toEqual([
      { date: '2026-03-29', views: 0 },
      { date: '2026-03-30', views: 4 },
      { date: '2026-03-31', views: 0 },
    ]);
  });
});
