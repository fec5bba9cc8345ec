import { describe, expect, it } from 'vitest';
import { accentShades, contrast, DARK_BACKGROUND, formatContrast, luminance, MIN_CONTRAST } from '#shared/colors';

/** WCAG 2's contrast, as the accent colour's check uses it (docs/decisions/057-pages-and-navigation.md). */
describe('colours', () => {
  it('measure contrast as WCAG 2 does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBe(1);
    // Known pairs: Tailwind's red-700 and amber-500 on white.
    expect(contrast('#b91c1c', '#ffffff')).toBeCloseTo(6.47, 2);
    expect(contrast('#f59e0b', '#ffffff')).toBeCloseTo(2.15, 2);
    expect(luminance('#ffffff')).toBe(1);
  });

  it('write a ratio rounded down, so one shown as passing passes', () => {
    expect(formatContrast(4.499)).toBe('4.4:1');
    expect(formatContrast(6.47)).toBe('6.4:1');
  });

  it('derive a darker hover and a light shade that reads on the dark footer, for any accent that passes on white', () => {
    for (const accent of ['#b91c1c', '#1d4ed8', '#000000', '#15803d', '#6d28d9', '#0E7490']) {
      const { accent: same, hover, onDark } = accentShades(accent);
      expect(same).toBe(accent.toLowerCase());
      expect(luminance(hover)).toBeLessThanOrEqual(luminance(same));
      expect(contrast(onDark, DARK_BACKGROUND), accent).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });
});
