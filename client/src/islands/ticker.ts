import type { BreakingNews } from '#shared/types';
import { getBreakingNews } from '#client/features/breaking-news/api/fetch-breaking-news';
import { openHeadlineStream } from '#client/features/breaking-news/lib/headline-stream';
import {
  TICKER_BREAKPOINT_PX,
  TICKER_DESKTOP_MS,
  TICKER_HEIGHT,
  TICKER_MAX_ITEMS,
  nextIndex,
  scrollDurationSeconds,
  selectHeadlines,
} from '#client/features/breaking-news/lib/headlines';

/**
 * The ticker's island: what features/breaking-news/components/breaking-news-ticker.tsx does, on its server markup, on
 * a page that is not hydrated. On wide screens one headline at a time, fading, 6 s each; on narrow screens a
 * horizontal scroll at about 60 px/s; hover, keyboard focus or the pause button stop it; the stream keeps it live.
 */
export function startTicker(): void {
  const ticker = document.querySelector<HTMLElement>('[data-ticker]');
  const text = ticker?.querySelector<HTMLElement>('[data-testid="ticker-text"]');
  const list = ticker?.querySelector('ul');
  const pause = ticker?.querySelector<HTMLButtonElement>('[data-ticker-pause]');
  if (!ticker || !text || !list || !pause) return;
  const frame = document.querySelector<HTMLElement>('[data-frame]');
  const desktop = window.matchMedia(`(min-width: ${TICKER_BREAKPOINT_PX}px)`);
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

  let headlines = [...list.querySelectorAll('li')].map((li) => li.textContent ?? '');
  let hovered = false;
  let focused = false;
  let stopped = false;
  let index = 0;
  let rotation: ReturnType<typeof setInterval> | undefined;
  let resize: ResizeObserver | undefined;

  const paused = () => hovered || focused || stopped;
  const fading = () => desktop.matches || reducedMotion.matches;

  /** The moving text, made afresh: a new headline list or a new way of showing it. */
  const render = () => {
    clearInterval(rotation);
    resize?.disconnect();
    index = 0;
    if (fading()) {
      showHeadline();
    } else {
      const track = document.createElement('div');
      track.className = 'animate-ticker-scroll inline-block pl-[100%] whitespace-nowrap';
      headlines.forEach((headline, i) => {
        const item = document.createElement('span');
        if (i > 0) {
          const dot = document.createElement('span');
          dot.className = 'mx-4';
          dot.setAttribute('aria-hidden', 'true');
          dot.textContent = '•';
          item.append(dot);
        }
        item.append(headline);
        track.append(item);
      });
      text.replaceChildren(track);
      pace(track);
    }
    update();
  };
  /** The scroll's speed follows the track's width (measured in the observer's callback, where layout is fresh). */
  const pace = (track: HTMLElement) => {
    resize = new ResizeObserver(() => (track.style.animationDuration = `${scrollDurationSeconds(track.scrollWidth)}s`));
    resize.observe(track);
  };
  const showHeadline = () => {
    const line = document.createElement('p');
    line.className = 'animate-ticker-fade truncate';
    line.textContent = headlines[index % Math.max(headlines.length, 1)] ?? '';
    text.replaceChildren(line);
  };
  /** Pauses or runs what moves, as the reader's hover, focus and button say. */
  const update = () => {
    const stop = paused() || (reducedMotion.matches && !desktop.matches);
    pause.setAttribute('aria-pressed', String(stopped));
    pause.setAttribute('aria-label', stopped ? 'Play breaking news' : 'Pause breaking news');
    pause.querySelector('[data-icon="pause"]')?.classList.toggle('hidden', stopped);
    pause.querySelector('[data-icon="play"]')?.classList.toggle('hidden', !stopped);
    const track = text.querySelector<HTMLElement>('.animate-ticker-scroll');
    if (track) track.style.animationPlayState = paused() ? 'paused' : 'running';
    clearInterval(rotation);
    if (fading() && !stop && headlines.length > 1)
      rotation = setInterval(() => {
        index = nextIndex(index, headlines.length);
        showHeadline();
      }, TICKER_DESKTOP_MS);
  };
  const replace = (news: BreakingNews[]) => {
    const next = selectHeadlines(news).map((n) => n.headline);
    // The stream sends the ticker as it is when it opens: an unchanged one leaves the moving text alone.
    if (next.length === headlines.length && next.every((headline, i) => headline === headlines[i])) return;
    headlines = next;
    list.replaceChildren(
      ...headlines.map((headline) => {
        const li = document.createElement('li');
        li.textContent = headline;
        return li;
      }),
    );
    ticker.hidden = headlines.length === 0;
    frame?.style.setProperty('--ticker-h', headlines.length ? TICKER_HEIGHT : '0px');
    render();
  };

  ticker.addEventListener('mouseenter', () => ((hovered = true), update()));
  ticker.addEventListener('mouseleave', () => ((hovered = false), update()));
  ticker.addEventListener('focusin', () => ((focused = true), update()));
  ticker.addEventListener('focusout', () => ((focused = false), update()));
  pause.addEventListener('click', () => ((stopped = !stopped), update()));
  desktop.addEventListener('change', render);
  reducedMotion.addEventListener('change', render);
  // The server rendered the narrow screen's scroll, kept as it is (rewriting it would make the browser lay the page out
  // again while it starts); a wide screen gets its fading headline.
  const served = text.querySelector<HTMLElement>('.animate-ticker-scroll');
  if (fading() || !served) render();
  else pace(served);
  openHeadlineStream({
    onHeadlines: replace,
    refetch: () => void getBreakingNews(TICKER_MAX_ITEMS).then(replace, () => replace([])),
  });
}
