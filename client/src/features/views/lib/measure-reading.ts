import { DEPTH_MARKS, referrerClass } from '#shared/reports';
import { whenShown } from './when-shown';

/** Engaged: the reader scrolled, moved, touched or typed within the last 5 s (docs/decisions/068-reports.md). */
export const ACTIVE_MS = 5_000;
const TICK_MS = 1_000;
export const READ_BEACON_PATH = '/api/view/read';

/** Whether the reader asked not to be measured: Do Not Track or Global Privacy Control. */
export const optedOut = (nav: Navigator = navigator) =>
  nav.doNotTrack === '1' || (nav as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/** A random id for this page load (crypto.randomUUID needs a secure context; this does not). */
function randomId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Measures how this page of an article is read, for the newsroom's Reports (docs/decisions/068-reports.md), without
 * cookies or anything stored in the browser: engaged seconds (counted while the page is visible and focused and the
 * reader was active in the last 5 s), and the deepest of the body's marks at 25, 50, 75 and 100 % seen
 * (IntersectionObserver). What the page has read so far goes with `navigator.sendBeacon` whenever the page is hidden or
 * left, never while the reader reads. Nothing at all with Do Not Track or Global Privacy Control; a prerendered page
 * starts once it is shown. Returns what stops measuring.
 */
export function measureReading(body: HTMLElement, articleId: string): () => void {
  if (optedOut() || typeof navigator.sendBeacon !== 'function' || typeof IntersectionObserver !== 'function') return () => {};
  const page = randomId();
  const referrer = referrerClass(location.href, document.referrer);
  let depth = 0;
  let engagedMs = 0;
  let lastActive = performance.now();
  let sent = '';
  let timer: ReturnType<typeof setInterval> | undefined;

  const tick = () => {
    if (document.visibilityState === 'visible' && document.hasFocus() && performance.now() - lastActive < ACTIVE_MS) engagedMs += TICK_MS;
  };
  const activity = () => {
    lastActive = performance.now();
  };
  // A prerendered page was opened when it was shown, not when it was loaded ahead.
  const activation = (
    performance.getEntriesByType('navigation')[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined
  )?.activationStart;
  const send = () => {
    const elapsed = Math.round(performance.now() - (activation ?? 0));
    const event = { article: articleId, page, elapsed, engaged: Math.floor(engagedMs / 1000), depth, referrer };
    // No engaged second, no read (the server drops it too): a page closed at once, even with its end on screen.
    if (event.engaged === 0) return;
    // Only what changed since the last beacon; a beacon the browser could not queue is tried at the next hide.
    if (`${event.engaged}:${depth}` === sent) return;
    try {
      const body = new Blob([JSON.stringify({ events: [event] })], { type: 'application/json' });
      if (navigator.sendBeacon(READ_BEACON_PATH, body)) sent = `${event.engaged}:${depth}`;
    } catch {
      // A browser that refuses the beacon: the reading is not reported, the reader notices nothing.
    }
  };
  const visibility = () => {
    if (document.visibilityState === 'hidden') {
      clearInterval(timer);
      timer = undefined;
      send();
    } else {
      activity();
      timer ??= setInterval(tick, TICK_MS);
    }
  };

  // The marks: four invisible points in the body, at 25, 50, 75 and 100 % of its height.
  const marks = DEPTH_MARKS.map((mark) => {
    const point = document.createElement('span');
    point.setAttribute('aria-hidden', 'true');
    point.dataset.readMark = String(mark);
    point.style.cssText = `position:absolute;left:0;top:calc(${mark}% - 1px);width:1px;height:1px;pointer-events:none`;
    return point;
  });
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      depth = Math.max(depth, Number((entry.target as HTMLElement).dataset.readMark));
      observer.unobserve(entry.target);
    }
  });
  const ACTIVITY = ['scroll', 'pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

  const start = () => {
    if (getComputedStyle(body).position === 'static') body.style.position = 'relative';
    for (const point of marks) {
      body.append(point);
      observer.observe(point);
    }
    for (const type of ACTIVITY) window.addEventListener(type, activity, { passive: true });
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', send);
    activity();
    timer = setInterval(tick, TICK_MS);
  };
  const cancelStart = whenShown(start);

  return () => {
    cancelStart();
    clearInterval(timer);
    observer.disconnect();
    for (const point of marks) point.remove();
    for (const type of ACTIVITY) window.removeEventListener(type, activity);
    document.removeEventListener('visibilitychange', visibility);
    window.removeEventListener('pagehide', send);
  };
}
