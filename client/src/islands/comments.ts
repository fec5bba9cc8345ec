import type { PageState } from '#client/lib/page-state';
import { storedSession } from '#client/lib/stored-session';
import { whenIdle } from '#client/lib/when-idle';

/**
 * How near the screen the comments must come for their part to load: a quarter of a screen. Nearer, a reader who
 * scrolls fast sees the guest's markup for a moment; farther, a short article would load React with the page.
 */
const NEAR = '25% 0px';

/**
 * The comments' island. The server rendered the first page of comments as a guest sees them, as a React root of their
 * own; React and the comments' code are loaded when the reader nears them (or touches, clicks or tabs into them
 * first; a signed-in reader's at once, when the browser is idle), and hydrate them from the page's data, with the
 * reader's session, forms and actions (islands/comments-root.tsx). A guest who never scrolls to the comments never
 * downloads React.
 */
export function startComments(state: PageState): void {
  const container = document.querySelector<HTMLElement>('[data-comments]');
  const articleId = container?.dataset.comments;
  if (!container || !articleId) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    for (const type of EARLY) container.removeEventListener(type, start, true);
    void import('./comments-root').then((root) => root.renderComments(container, articleId, state));
  };
  const EARLY = ['pointerdown', 'focusin', 'keydown'] as const;
  for (const type of EARLY) container.addEventListener(type, start, true);
  // A signed-in reader needs their own version (the form, their comments' actions) at once: it loads when idle.
  if (storedSession()) whenIdle(start);
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: NEAR })
      : undefined;
  if (observer) observer.observe(container);
  else start();
}
