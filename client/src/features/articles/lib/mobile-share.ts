import type { ShareLinks } from './share';

/** Phones, as SPEC's ticker tells them apart: narrower than 768 px (docs/spec/SPEC.md §4). */
const PHONE_QUERY = '(max-width: 767px)';
/** How long an app gets to take over before the web share page opens, and the most a check may come late. */
export const APP_WAIT_MS = 1400;
export const APP_CHECK_MS = 3000;

export type Network = 'facebook' | 'twitter' | 'linkedin';

/** The networks' own apps, given the same share page as their web intents. */
export function appLinks(links: ShareLinks, title: string): Record<Network, string> {
  const page = encodeURIComponent(links.share);
  return {
    facebook: `fb://facewebmodal/f?href=${encodeURIComponent(links.facebook)}`,
    twitter: `twitter://post?message=${encodeURIComponent(`${title} ${links.share}`)}`,
    linkedin: `linkedin://shareArticle?mini=true&url=${page}`,
  };
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * A share button pressed on a phone (docs/spec/SPEC.md §4, issue 24): the system's share sheet (Web Share API) where
 * the browser has one; otherwise the network's app, and its web share page when the app has not taken over within
 * APP_WAIT_MS (a check that runs later than APP_CHECK_MS means the page was asleep behind the app: nothing to do).
 * Answers false off phones, where the link opens the web share page as it is.
 */
export function shareOnPhone(network: Network, links: ShareLinks, title: string): boolean {
  if (typeof window.matchMedia !== 'function' || !window.matchMedia(PHONE_QUERY).matches) return false;
  const web = links[network];
  if (typeof navigator.share === 'function') {
    navigator.share({ title, url: links.article }).catch((error: unknown) => {
      if (!isAbort(error)) window.location.assign(web);
    });
    return true;
  }
  const started = Date.now();
  window.setTimeout(() => {
    if (document.visibilityState === 'hidden' || Date.now() - started > APP_CHECK_MS) return;
    window.location.assign(web);
  }, APP_WAIT_MS);
  window.location.assign(appLinks(links, title)[network]);
  return true;
}
