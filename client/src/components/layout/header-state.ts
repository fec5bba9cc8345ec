/** docs/spec/SPEC.md §2, §9: the header slides in past 150 px of scroll and goes away again above 100 px. */
export const HEADER_SHOW_AFTER_PX = 150;
export const HEADER_HIDE_BELOW_PX = 100;
export const HEADER_FADE_OUT_MS = 500;

/** static: in the page flow at the top; pinned: fixed under the ticker; leaving: fading out (500 ms). */
export type HeaderMode = 'static' | 'pinned' | 'leaving';

/** The header's next mode for a scroll position; between 100 and 150 px it keeps its mode (hysteresis). */
export function nextHeaderMode(mode: HeaderMode, scrollY: number): HeaderMode {
  if (scrollY > HEADER_SHOW_AFTER_PX) return 'pinned';
  if (scrollY <= 0) return 'static';
  if (scrollY < HEADER_HIDE_BELOW_PX) return mode === 'pinned' ? 'leaving' : mode;
  return mode;
}
