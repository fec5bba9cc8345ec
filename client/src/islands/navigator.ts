import { createPath, type Navigator, type To } from 'react-router';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * The islands' router: a link or a move from a part React renders on a page that is not hydrated (the comments' sign-in,
 * say) loads that page, as every other link of the page does; there is no app here to render it.
 */
export const navigator: Navigator = {
  createHref: href,
  go: (delta) => window.history.go(delta),
  push: (to, state) => {
    if (state === undefined) return window.location.assign(href(to));
    // A move that carries state (where to come back to after signing in) keeps it as react-router keeps it, in the
    // history entry, which survives the load of its page.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: state, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, '', href(to));
    window.location.reload();
  },
  replace: (to) => window.location.replace(href(to)),
};
