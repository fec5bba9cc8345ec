import { describe, expect, it } from 'vitest';
import { fillDays } from './format';

const NOW = new Date('2026-03-31T12:00:00.000Z');

describe('fillDays', () => {
  it('lists every one of the last N days, oldest first, with 0 for days without views', () => {
    expect(fillDays([{ date: '2026-03-30', views: 4 }], 3, NOW)).toEqual([
      { date: '2026-03-29', views: 0 },
      { date: '2026-03-30', views: 4 },
      { date: '2026-03-31', views: 0 },
    ]);
  });
});
