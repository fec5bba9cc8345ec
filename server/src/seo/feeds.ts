import { imageTypeOf } from '../lib/media-types';
import { feedChannel, type FeedScope } from './feed-links';
import type { FeedArticle } from './seo.service';
import { absoluteUrl, articleUrl, categoryUrl, SITE_LANGUAGE, type Publication } from './site';
import { XmlWriter } from './xml';

const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  dc: 'http://purl.org/dc/elements/1.1/',
  media: 'http://search.yahoo.com/mrss/',
};

/** The image's absolute URL (normalised, so nothing in it needs more than XML escaping) and its type by extension. */
function feedImage(publicUrl: string, image: NonNullable<FeedArticle['image']>) {
  let url: URL;
  try {
    url = new URL(absoluteUrl(publicUrl, image.url));
  } catch {
    return null;
  }
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1];
  return { url: url.href, type: extension ? imageTypeOf(extension) : undefined, bytes: image.bytes };
}

/** RFC 822 dates as RSS 2.0 wants them (`toUTCString` writes that form, in GMT). */
const rfc822 = (d: Date) => d.toUTCString();

/**
 * Plain text as the HTML that feed readers take an RSS title or description for (feedparser strips tags from
 * both, rss-parser's snippets too): `&`, `<` and `>` escaped once for HTML here, and once more for XML by the
 * writer, so a title `Why <b> tags & "quotes" matter` reads the same in every reader (docs/decisions/045).
 */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The channel's logo (client/public/feed-icon.png, made by scripts/brand-images.mjs): RSS 2.0 allows 144 px at most. */
const FEED_ICON = { path: '/feed-icon.png', width: 144, height: 144 } as const;

/** The newest change of what a feed or sitemap shows (its Last-Modified and lastBuildDate), null when it shows nothing. */
export function newestChange(items: { publishedAt?: Date | null; updatedAt: Date }[]): Date | null {
  let max: Date | null = null;
  for (const { publishedAt, updatedAt } of items) for (const d of [publishedAt, updatedAt]) if (d && (!max || d > max)) max = d;
  return max;
}

/** The RSS 2.0 feed of the site, or of one category or author (`scope` given). */
export function renderRss(site: Publication, articles: FeedArticle[], scope?: FeedScope): string {
  const { publicUrl } = site;
  const { title, link, self, description } = feedChannel(site, scope);
  // The newest change of what the feed shows, not the time of the request: the body (and its ETag) stay the same until then.
  const lastBuild = newestChange(articles);

  const xml = new XmlWriter().start('rss', { version: '2.0', 'xmlns:atom': NS.atom, 'xmlns:dc': NS.dc, 'xmlns:media': NS.media });
  xml
    .start('channel')
    .leaf('title', asHtml(title))
    .leaf('link', link)
    .leaf('description', asHtml(description))
    .leaf('language', SITE_LANGUAGE);
  if (lastBuild) xml.leaf('lastBuildDate', rfc822(lastBuild));
  xml.leaf('atom:link', undefined, { href: self, rel: 'self', type: 'application/rss+xml' });
  // RSS 2.0's <image>: its title and link are the channel's, so a reader can show the logo as the channel's link.
  xml.start('image').leaf('url', `${publicUrl}${FEED_ICON.path}`).leaf('title', asHtml(title)).leaf('link', link);
  xml.leaf('width', String(FEED_ICON.width)).leaf('height', String(FEED_ICON.height)).end();
  for (const article of articles) {
    const url = articleUrl(publicUrl, article.id);
    xml.start('item').leaf('title', asHtml(article.title)).leaf('link', url).leaf('guid', url, { isPermaLink: 'true' });
    xml.leaf('description', asHtml(article.description)).leaf('pubDate', rfc822(article.publishedAt));
    xml.leaf('category', article.category.name, { domain: categoryUrl(publicUrl, article.category.slug) });
    xml.leaf('dc:creator', article.author);
    const image = article.image && feedImage(publicUrl, article.image);
    if (image) {
      // RSS 2.0 requires an enclosure's type and length: the recorded size; 0 only for a file elsewhere, whose size is not known (RSS Advisory Board).
      if (image.type) xml.leaf('enclosure', undefined, { url: image.url, length: String(image.bytes ?? 0), type: image.type });
      xml.leaf('media:content', undefined, { url: image.url, medium: 'image', ...(image.type ? { type: image.type } : {}) });
    }
    xml.end();
  }
  return xml.end().end().toString();
}
