import { describe, expect, it } from 'vitest';
import { NOTHING_READ, isFullyRead, updateReadProgress } from './read-progress';

const VIEWPORT = 800;

describe('updateReadProgress (SPEC §4 view logging)', () => {
  it('a short body fully on screen is read at once', () => {
    const p = updateReadProgress(NOTHING_READ, { top: 300, bottom: 700 }, VIEWPORT);
    expect(p).toEqual({ topViewed: true, middleViewed: true, bottomViewed: true, percentViewed: 100 });
    expect(isFullyRead(p)).toBe(true);
  });

  it('a long body is read only after scrolling to its end, keeping what was seen', () => {
    let p = updateReadProgress(NOTHING_READ, { top: 400, bottom: 3400 }, VIEWPORT);
    expect(p).toMatchObject({ topViewed: true, middleViewed: false, bottomViewed: false, percentViewed: 13 });
    expect(isFullyRead(p)).toBe(false);
    p = updateReadProgress(p, { top: -1200, bottom: 1800 }, VIEWPORT);
    expect(p).toMatchObject({ topViewed: true, middleViewed: true, bottomViewed: false, percentViewed: 67 });
    p = updateReadProgress(p, { top: -2400, bottom: 600 }, VIEWPORT);
    expect(p).toEqual({ topViewed: true, middleViewed: true, bottomViewed: true, percentViewed: 100 });
    expect(isFullyRead(p)).toBe(true);
  });

  it('jumping straight to the bottom without seeing the top is not a full read', () => {
    const p = updateReadProgress(NOTHING_READ, { top: -2400, bottom: 600 }, VIEWPORT);
    expect(p.bottomViewed).toBe(true);
    expect(p.topViewed).toBe(false);
    expect(isFullyRead(p)).toBe(false);
  });

  it('a body below the fold is not seen and progress never goes back', () => {
    const below = updateReadProgress(NOTHING_READ, { top: 900, bottom: 2000 }, VIEWPORT);
    expect(below).toEqual(NOTHING_READ);
    const seen = updateReadProgress(NOTHING_READ, { top: 0, bottom: 1600 }, VIEWPORT);
    expect(updateReadProgress(seen, { top: 900, bottom: 2500 }, VIEWPORT)).toEqual(seen);
  });
});
