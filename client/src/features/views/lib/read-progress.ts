/** How much of an article body a reader has seen (docs/spec/SPEC.md §3 view log payload). */
export interface ReadProgress {
  topViewed: boolean;
  middleViewed: boolean;
  bottomViewed: boolean;
  /** 0–100: the furthest part of the body that has been on screen. */
  percentViewed: number;
}

export const NOTHING_READ: ReadProgress = { topViewed: false, middleViewed: false, bottomViewed: false, percentViewed: 0 };

/** Where the body is, relative to the viewport (getBoundingClientRect). */
export interface BodyBox {
  top: number;
  bottom: number;
}

const onScreen = (y: number, viewportHeight: number) => y >= 0 && y <= viewportHeight;

/**
 * Folds one look at the body into the progress so far: each of its top edge, middle and bottom edge
 * counts as seen once it has been inside the viewport.
 */
export function updateReadProgress(prev: ReadProgress, box: BodyBox, viewportHeight: number): ReadProgress {
  const height = Math.max(0, box.bottom - box.top);
  const seenFraction = height === 0 ? (onScreen(box.top, viewportHeight) ? 1 : 0) : (viewportHeight - box.top) / height;
  const percent = Math.round(Math.min(1, Math.max(0, seenFraction)) * 100);
  return {
    topViewed: prev.topViewed || onScreen(box.top, viewportHeight),
    middleViewed: prev.middleViewed || onScreen(box.top + height / 2, viewportHeight),
    bottomViewed: prev.bottomViewed || onScreen(box.bottom, viewportHeight),
    percentViewed: Math.max(prev.percentViewed, percent),
  };
}

/** The whole body has been seen: its top and its bottom were both on screen (docs/spec/SPEC.md §4). */
export const isFullyRead = (p: ReadProgress) => p.topViewed && p.bottomViewed;
