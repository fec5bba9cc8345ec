import { imageTypeOf } from '../lib/media-types';
import { feedChannel, type FeedScope } from './feed-links';
import type { FeedArticle } from './seo.service';
import { absoluteUrl, articleUrl, categoryUrl, SITE_LANGUAGE } from './site';
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

/** The RSS 2.0 feed of the site, or of one category or author (`scope` given). */
export function renderRss(publicUrl: string, articles: FeedArticle[], scope?: FeedScope): string {
  const { title, link, self, description } = feedChannel(publicUrl, scope);
  // The newest change of what the feed shows, not the time of the request: the body (and its ETag) stay the same until then.
  const lastBuild = articles.reduce<Date | null>((max, a) => {
    const changed = a.updatedAt > a.publishedAt ? a.updatedAt : a.publishedAt;
    return !max || changed > max ? changed : max;
  }, null);

  const xml = new XmlWriter().start('rss', { version: '2.0', 'xmlns:atom': NS.atom, 'xmlns:dc': NS.dc, 'xmlns:media': NS.media });
  xml.start('channel').leaf('title', title).leaf('link', link).leaf('description', description).leaf('language', SITE_LANGUAGE);
  if (lastBuild) xml.leaf('lastBuildDate', rfc822(lastBuild));
  xml.leaf('atom:link', undefined, { href: self, rel: 'self', type: 'application/rss+xml' });
  for (const article of articles) {
    const url = articleUrl(publicUrl, article.id);
    xml.start('item').leaf('title', article.title).leaf('link', url).leaf('guid', url, { isPermaLink: 'true' });
    xml.leaf('description', article.description).leaf('pubDate', rfc822(article.publishedAt));
    xml.leaf('category', article.category.name, { domain: categoryUrl(publicUrl, article.category.slug) });
    xml.leaf('dc:creator', article.author);
    const image = article.image && feedImage(publicUrl, article.image);
    if (image) {
      // RSS 2.0 requires an enclosure's type and length; a length not known is written 0 (RSS Advisory Board).
      if (image.type) xml.leaf('enclosure', undefined, { url: image.url, length: String(image.bytes ?? 0), type: image.type });
      xml.leaf('media:content', undefined, { url: image.url, medium: 'image', ...(image.type ? { type: image.type } : {}) });
    }
    xml.end();
  }
  return xml.end().end().toString();
}
