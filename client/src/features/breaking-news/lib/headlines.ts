import type { BreakingNews } from '#shared/types';

/** docs/spec/SPEC.md §9 ticker constants. */
export const TICKER_MAX_ITEMS = 5;
export const TICKER_DESKTOP_MS = 6_000;
export const TICKER_BREAKPOINT_PX = 768;
/** The ticker's height; the layout offsets the sliding header by it. */
export const TICKER_HEIGHT = '2.5rem';
export const TICKER_SCROLL_PX_PER_S = 60;
export const TICKER_MIN_SCROLL_S = 4;

const stamp = (n: BreakingNews) => {
  const t = Date.parse(n.updatedAt || n.createdAt);
  return Number.isNaN(t) ? 0 : t;
};

/** The ticker's items (docs/spec/SPEC.md §4): published only, newest first by update or creation date, at most 5. */
export function selectHeadlines(news: readonly BreakingNews[]): BreakingNews[] {
  return news
    .filter((n) => n.status === 'published' && n.headline.trim() !== '')
    .sort((a, b) => stamp(b) - stamp(a))
    .slice(0, TICKER_MAX_ITEMS);
}

/** Seconds for the mobile ticker to scroll `distancePx` at about 60 px/s, never under 4 s. */
export function scrollDurationSeconds(distancePx: number): number {
  if (!Number.isFinite(distancePx) || distancePx <= 0) return TICKER_MIN_SCROLL_S;
  return Math.max(TICKER_MIN_SCROLL_S, distancePx / TICKER_SCROLL_PX_PER_S);
}

/** The next headline of the desktop rotation. */
export function nextIndex(current: number, count: number): number {
  return count <= 0 ? 0 : (current + 1) % count;
}
