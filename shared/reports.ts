/**
 * Reports (docs/decisions/068-reports.md): the classes a reading event is counted in, shared by the reader's page
 * (which classifies where it came from), the ingest (which stores a class's index) and the Reports screen.
 */

/** Where a reader came from. The page sends the class, never the referring address. */
export const REFERRER_CLASSES = ['direct', 'search', 'social', 'internal', 'newsletter', 'other'] as const;
export type ReferrerClass = (typeof REFERRER_CLASSES)[number];

export const REFERRER_LABELS: Record<ReferrerClass, string> = {
  direct: 'Direct',
  search: 'Search',
  social: 'Social',
  internal: 'This site',
  newsletter: 'Newsletter',
  other: 'Other sites',
};

/** What the reader read on, from the browser's user agent (read, classified, never kept). */
export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const DEVICE_LABELS: Record<DeviceClass, string> = { desktop: 'Desktop', mobile: 'Phone', tablet: 'Tablet' };

/** The depth marks, in % of the article's body. */
export const DEPTH_MARKS = [25, 50, 75, 100] as const;

/** Engaged time's bands, by their lower bound in seconds (the last has none above). */
export const ENGAGED_BANDS = [0, 10, 30, 60, 180, 600] as const;
export const ENGAGED_BAND_LABELS = ['Under 10 s', '10–30 s', '30–60 s', '1–3 min', '3–10 min', '10 min or more'] as const;

/** Hosts whose links are a search engine's results, or a social network's. Matched on the host's last labels. */
const SEARCH = [
  'google',
  'bing.com',
  'duckduckgo.com',
  'yahoo.com',
  'ecosia.org',
  'yandex',
  'baidu.com',
  'search.brave.com',
  'startpage.com',
  'qwant.com',
  'kagi.com',
];
const SOCIAL = [
  'facebook.com',
  'fb.me',
  't.co',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'lnkd.in',
  'instagram.com',
  'reddit.com',
  'bsky.app',
  'mastodon.social',
  'threads.net',
  'news.ycombinator.com',
  'whatsapp.com',
  'telegram.org',
  't.me',
  'youtube.com',
  'tiktok.com',
  'pinterest.com',
];

const hostMatches = (host: string, names: string[]) =>
  names.some((name) => (name.includes('.') ? host === name || host.endsWith(`.${name}`) : host.split('.').includes(name)));

/**
 * The class of a page's visit: `newsletter` when its address carries `ref=newsletter` (newsletters tag their links,
 * issue 30) or `utm_medium=email`; else by the referring page's host: none is direct, this site's own is internal.
 */
export function referrerClass(pageUrl: string, referrer: string): ReferrerClass {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return 'other';
  }
  const ref = page.searchParams.get('ref');
  if (ref === 'newsletter' || page.searchParams.get('utm_medium') === 'email') return 'newsletter';
  if (!referrer) return 'direct';
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return 'other';
  }
  const host = from.hostname.toLowerCase().replace(/^www\./, '');
  if (from.host === page.host) return 'internal';
  if (hostMatches(host, SEARCH)) return 'search';
  if (hostMatches(host, SOCIAL)) return 'social';
  return 'other';
}

/** The device class of a user agent (tablets first: an iPad or Android tablet says neither "Mobi" nor "Phone"). */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobi))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
