import type { PageState } from '#client/lib/page-state';
import { startComments } from './comments';
import { startGoBack } from './go-back';
import { startHeader } from './header';
import { startImages } from './images';
import { startLoadMore } from './load-more';
import { startNewsletterForms } from './newsletter-forms';
import { startShare } from './share';
import { startTicker } from './ticker';
import { startViews } from './views';

/**
 * A reader page that is not hydrated (docs/decisions/054-reader-islands.md): the server's HTML stays as it is, and each
 * interactive part is started on it by a few lines of its own. Links are links: the next page is loaded (and often
 * prerendered already, by the Speculation Rules the server sends).
 */
export function startIslands(state: PageState): void {
  startHeader();
  startImages();
  startTicker();
  startShare(state.origin);
  startViews();
  startGoBack();
  startLoadMore(state.origin);
  startComments(state);
  startNewsletterForms();
  // docs/spec/SPEC.md §2: the path of a page that is not there is logged.
  if (document.querySelector('[data-not-found]')) console.warn(`404: no page at ${window.location.pathname}`);
  document.documentElement.dataset.islands = 'started';
}
