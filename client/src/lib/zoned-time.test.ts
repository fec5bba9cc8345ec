import { describe, expect, it } from 'vitest';
import { formatWallTime, wallTime, zonedInstant } from './zoned-time';

describe('zoned times: what an editor types in the newsroom zone, and the instant it is', () => {
  it.each([
    ['Europe/Lisbon', '2026-12-01', '09:00', '2026-12-01T09:00:00.000Z'],
    ['Europe/Lisbon', '2026-07-01', '09:00', '2026-07-01T08:00:00.000Z'],
    ['America/New_York', '2026-12-01', '09:00', '2026-12-01T14:00:00.000Z'],
    ['Asia/Kolkata', '2026-12-01', '00:30', '2026-11-30T19:00:00.000Z'],
    ['UTC', '2027-02-28', '23:59', '2027-02-28T23:59:00.000Z'],
  ])('%s %s %s', (zone, date, time, iso) => {
    const instant = zonedInstant({ date, time }, zone);
    expect(instant?.toISOString()).toBe(iso);
    expect(wallTime(instant!, zone)).toEqual({ date, time });
  });

  it('refuses what is not a date or a time', () => {
    for (const [date, time] of [
      ['2026-02-31', '09:00'],
      ['2026-13-01', '09:00'],
      ['', '09:00'],
      ['2026-12-01', ''],
      ['2026-12-01', '24:00'],
      ['1 Dec', '9am'],
    ] as const)
      expect(zonedInstant({ date, time }, 'Europe/Lisbon'), `${date} ${time}`).toBeNull();
  });

  it('writes an instant as the zone reads it', () => {
    expect(formatWallTime('2026-12-01T14:00:00.000Z', 'America/New_York')).toBe('Tue, 1 Dec 2026, 09:00');
    expect(formatWallTime('2026-12-01T14:00:00.000Z', 'Europe/Lisbon')).toBe('Tue, 1 Dec 2026, 14:00');
  });
});
