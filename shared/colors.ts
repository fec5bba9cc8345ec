/**
 * Colours as WCAG 2 measures them: relative luminance and contrast ratio (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio),
 * for the site's accent colour (docs/decisions/057-pages-and-navigation.md). The settings' schema refuses an accent
 * that white text cannot sit on; the pages derive from it the shades they need.
 */

/** The accent a fresh install has: the stylesheet's own (client/src/styles/base.css) and the settings' column default. */
export const DEFAULT_ACCENT = '#b91c1c';

/** What WCAG 2 AA asks of body text, on either side. */
export const MIN_CONTRAST = 4.5;

/** The footer's background (Tailwind's slate-900), which the accent's light shade is written on. */
export const DARK_BACKGROUND = '#0f172a';

const HEX = /^#[0-9a-f]{6}$/i;

export const isHexColor = (value: string): boolean => HEX.test(value);

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The ratio as people read it: 4.52 → '4.5:1' (rounded down, so a ratio shown as 4.5:1 passes). */
export const formatContrast = (ratio: number): string => `${Math.floor(ratio * 10) / 10}:1`;

/** `hex` moved towards `target` by `amount` (0–1), channel by channel. */
function mix(hex: string, target: string, amount: number): string {
  const from = channels(hex);
  const to = channels(target);
  return toHex(from.map((c, i) => c + (to[i]! - c) * amount));
}

/**
 * The accent's shades: itself (text on white, white text on it), a darker one for hover, and the lightest step
 * towards white that reads on the footer's dark background at AA.
 */
export function accentShades(accent: string): { accent: string; hover: string; onDark: string } {
  const color = accent.toLowerCase();
  let onDark = color;
  for (let step = 1; step <= 10 && contrast(onDark, DARK_BACKGROUND) < MIN_CONTRAST; step++) onDark = mix(color, '#ffffff', step / 10);
  return { accent: color, hover: mix(color, '#000000', 0.15), onDark };
}
