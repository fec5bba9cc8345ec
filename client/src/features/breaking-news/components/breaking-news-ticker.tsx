import { useEffect, useRef, useState } from 'react';
import type { BreakingNews } from '#shared/types';
import { PauseIcon, PlayIcon } from '#client/components/ui/icons';
import { useMediaQuery } from '#client/lib/use-media-query';
import { TICKER_BREAKPOINT_PX, TICKER_DESKTOP_MS, TICKER_HEIGHT, nextIndex, scrollDurationSeconds } from '../lib/headlines';

export { TICKER_HEIGHT };

function Fading({ headlines, paused }: { headlines: BreakingNews[]; paused: boolean }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || headlines.length < 2) return;
    const timer = setInterval(() => setIndex((i) => nextIndex(i, headlines.length)), TICKER_DESKTOP_MS);
    return () => clearInterval(timer);
  }, [paused, headlines.length]);
  const current = headlines[index % headlines.length];
  if (!current) return null;
  return (
    <p key={current.id} className="animate-ticker-fade truncate">
      {current.headline}
    </p>
  );
}

function Scrolling({ headlines, paused }: { headlines: BreakingNews[]; paused: boolean }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [duration, setDuration] = useState(20);
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    // Measured in the observer's callback (it fires once at once, then on resizes): layout is fresh there,
    // so reading the width forces no extra layout while the page is starting.
    const observer = new ResizeObserver(() => setDuration(scrollDurationSeconds(track.scrollWidth)));
    observer.observe(track);
    return () => observer.disconnect();
  }, [headlines]);
  return (
    <div
      ref={trackRef}
      className="animate-ticker-scroll inline-block pl-[100%] whitespace-nowrap"
      style={{ animationDuration: `${duration}s`, animationPlayState: paused ? 'paused' : 'running' }}
    >
      {headlines.map((h, i) => (
        <span key={h.id}>
          {i > 0 && (
            <span className="mx-4" aria-hidden="true">
              •
            </span>
          )}
          {h.headline}
        </span>
      ))}
    </div>
  );
}

/**
 * The sticky breaking-news ticker (docs/spec/SPEC.md §2, §4, §9): on wide screens one headline at a time, fading,
 * 6 s each; on narrow screens a horizontal scroll at about 60 px/s. Hover, keyboard focus or the pause
 * button stop it. Screen readers get the plain list instead of the moving text. On a page that is not hydrated,
 * islands/ticker.ts does the same with this markup.
 */
export function BreakingNewsTicker({ headlines }: { headlines: BreakingNews[] }) {
  const desktop = useMediaQuery(`(min-width: ${TICKER_BREAKPOINT_PX}px)`);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || focused || stopped;
  return (
    <section
      aria-label="Breaking news"
      // Kept in the page when there is no headline, hidden: a live one shows it (here, or in islands/ticker.ts).
      hidden={headlines.length === 0}
      data-ticker=""
      className="sticky top-0 z-50 flex items-stretch bg-red-700 text-white shadow"
      style={{ height: TICKER_HEIGHT }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <span className="flex shrink-0 items-center bg-red-900 px-3 text-xs font-bold tracking-widest uppercase">Breaking</span>
      <ul className="sr-only">
        {headlines.map((h) => (
          <li key={h.id}>{h.headline}</li>
        ))}
      </ul>
      <div
        className="relative flex min-w-0 flex-1 items-center overflow-hidden px-3 text-sm font-medium"
        aria-hidden="true"
        data-testid="ticker-text"
      >
        {desktop || reducedMotion ? (
          <Fading headlines={headlines} paused={paused || (reducedMotion && !desktop)} />
        ) : (
          <Scrolling headlines={headlines} paused={paused} />
        )}
      </div>
      <button
        type="button"
        data-ticker-pause=""
        onClick={() => setStopped((s) => !s)}
        aria-pressed={stopped}
        aria-label={stopped ? 'Play breaking news' : 'Pause breaking news'}
        className="flex w-10 shrink-0 items-center justify-center bg-red-800 hover:bg-red-900 focus-visible:outline-white"
      >
        <PlayIcon width={16} height={16} data-icon="play" className={stopped ? undefined : 'hidden'} />
        <PauseIcon width={16} height={16} data-icon="pause" className={stopped ? 'hidden' : undefined} />
      </button>
    </section>
  );
}
