import { describe, expect, it } from 'vitest';
import { localTime } from './local-time';

describe('localTime', () => {
  it("answers the newsroom's date, hour and weekday, not the server's", () => {
    const at = new Date('2026-11-29T23:30:00Z'); // a Sunday in UTC
    expect(localTime(at, 'UTC')).toEqual({ date: '2026-11-29', hour: 23, weekday: 7 });
    expect(localTime(at, 'Europe/Berlin')).toEqual({ date: '2026-11-30', hour: 0, weekday: 1 });
    expect(localTime(at, 'America/New_York')).toEqual({ date: '2026-11-29', hour: 18, weekday: 7 });
  });

  it('follows summer time', () => {
    expect(localTime(new Date('2026-07-01T10:00:00Z'), 'Europe/Berlin').hour).toBe(12);
    expect(localTime(new Date('2026-12-01T10:00:00Z'), 'Europe/Berlin').hour).toBe(11);
  });
});
