import { describe, expect, it } from 'vitest';
import { nextHeaderMode, type HeaderMode } from './header-state';

const walk = (positions: number[], start: HeaderMode = 'static') => {
  let mode = start;
  return positions.map((y) => (mode = nextHeaderMode(mode, y)));
};

describe('nextHeaderMode (SPEC §2: in past 150 px, out above 100 px)', () => {
  it('stays in the flow until the reader scrolls past 150 px', () => {
    expect(walk([0, 50, 120, 150])).toEqual(['static', 'static', 'static', 'static']);
    expect(walk([151])).toEqual(['pinned']);
  });

  it('stays pinned between 100 and 150 px and fades out below 100 px', () => {
    expect(walk([400, 140, 100, 99, 60], 'static')).toEqual(['pinned', 'pinned', 'pinned', 'leaving', 'leaving']);
  });

  it('comes back when the reader scrolls down again while it fades, and snaps back at the very top', () => {
    expect(walk([200, 80, 160], 'static')).toEqual(['pinned', 'leaving', 'pinned']);
    expect(walk([200, 0], 'static')).toEqual(['pinned', 'static']);
  });
});
