import { feedTitle } from './feed-links';
import type { FeedArticle } from './seo.service';
import { absoluteUrl, articleUrl, categoryFeedUrl, categoryUrl, homeUrl, SITE_LANGUAGE, SITE_NAME, siteFeedUrl } from './site';
import { writeXml, xmlText } from './xml';

const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  dc: 'http://purl.org/dc/elements/1.1/',
  media: 'http://search.yahoo.com/mrss/',
};

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** The image's absolute URL (normalised, so nothing in it needs more than XML escaping) and its type by extension. */
function feedImage(publicUrl: string, image: NonNullable<FeedArticle['image']>) {
  let url: URL;
  try {
    url = new URL(absoluteUrl(publicUrl, image.url));
  } catch {
    return null;
  }
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  return { url: url.href, type: extension ? IMAGE_TYPES[extension] : undefined, bytes: image.bytes };
}

/** RFC 822 dates as RSS 2.0 wants them (`toUTCString` writes that form, in GMT). */
const rfc822 = (d: Date) => d.toUTCString();

/** The RSS 2.0 feed of the site, or of one category (`category` given). */
export function renderRss(publicUrl: string, articles: FeedArticle[], category?: { name: string; slug: string }): Promise<string> {
  const link = category ? categoryUrl(publicUrl, category.slug) : homeUrl(publicUrl);
  const self = category ? categoryFeedUrl(publicUrl, category.slug) : siteFeedUrl(publicUrl);
  const description = category ? `The latest ${category.name} stories from ${SITE_NAME}` : `The latest stories from ${SITE_NAME}`;
  // The newest change of what the feed shows, not the time of the request: the body (and its ETag) stay the same until then.
  const lastBuild = articles.reduce<Date | null>((max, a) => {
    const changed = a.updatedAt > a.publishedAt ? a.updatedAt : a.publishedAt;
    return !max || changed > max ? changed : max;
  }, null);

  return writeXml((xml) => {
    xml.ele('rss', { version: '2.0', 'xmlns:atom': NS.atom, 'xmlns:dc': NS.dc, 'xmlns:media': NS.media }).ele('channel');
    xml
      .ele('title')
      .txt(xmlText(feedTitle(category)))
      .up();
    xml.ele('link').txt(link).up();
    xml.ele('description').txt(xmlText(description)).up();
    xml.ele('language').txt(SITE_LANGUAGE).up();
    if (lastBuild) xml.ele('lastBuildDate').txt(rfc822(lastBuild)).up();
    xml.ele('atom:link', { href: self, rel: 'self', type: 'application/rss+xml' }).up();
    for (const article of articles) {
      const url = articleUrl(publicUrl, article.id);
      xml.ele('item');
      xml.ele('title').txt(xmlText(article.title)).up();
      xml.ele('link').txt(url).up();
      xml.ele('guid', { isPermaLink: 'true' }).txt(url).up();
      xml.ele('description').txt(xmlText(article.description)).up();
      xml.ele('pubDate').txt(rfc822(article.publishedAt)).up();
      xml
        .ele('category', { domain: categoryUrl(publicUrl, article.category.slug) })
        .txt(xmlText(article.category.name))
        .up();
      xml.ele('dc:creator').txt(xmlText(article.author)).up();
      const image = article.image && feedImage(publicUrl, article.image);
      if (image) {
        // RSS 2.0 requires an enclosure's type and length; a length not known is written 0 (RSS Advisory Board).
        if (image.type) xml.ele('enclosure', { url: image.url, length: String(image.bytes ?? 0), type: image.type }).up();
        xml.ele('media:content', { url: image.url, medium: 'image', ...(image.type ? { type: image.type } : {}) }).up();
      }
      xml.up();
    }
    xml.up().up();
  });
}
