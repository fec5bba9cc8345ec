import { SITE_LANGUAGE } from './site';
import { XmlWriter } from './xml';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';

/** Limits of the sitemaps protocol and of Google News. */
export const SITEMAP_LIMITS = {
  /** URLs in one sitemap file (sitemaps.org). */
  urlsPerSitemap: 50_000,
  /** URLs in one news sitemap, and how far back it reaches (Google News). */
  newsUrls: 1_000,
  newsWindowHours: 48,
} as const;

export interface SitemapEntry {
  loc: string;
  lastmod?: Date | null;
}

function entry(xml: XmlWriter, tag: 'url' | 'sitemap', { loc, lastmod }: SitemapEntry): void {
  xml.start(tag).leaf('loc', loc);
  if (lastmod) xml.leaf('lastmod', lastmod.toISOString());
  xml.end();
}

export function renderSitemapIndex(sitemaps: SitemapEntry[]): string {
  const xml = new XmlWriter().start('sitemapindex', { xmlns: SITEMAP_NS });
  for (const sitemap of sitemaps) entry(xml, 'sitemap', sitemap);
  return xml.end().toString();
}

/**
 * A `<urlset>` of entries that may arrive in batches (read from the database while the document is written),
 * handing the event loop back every few thousand URLs.
 */
export async function renderUrlSet(batches: Iterable<SitemapEntry[]> | AsyncIterable<SitemapEntry[]>): Promise<string> {
  const xml = new XmlWriter().start('urlset', { xmlns: SITEMAP_NS });
  for await (const batch of batches) {
    for (const url of batch) {
      entry(xml, 'url', url);
      await xml.written();
    }
  }
  return xml.end().toString();
}

export interface NewsEntry {
  loc: string;
  title: string;
  publishedAt: Date;
}

/** A Google News sitemap (news:publication, news:publication_date, news:title per article). */
export function renderNewsSitemap(articles: NewsEntry[], publicationName: string): string {
  const xml = new XmlWriter().start('urlset', { xmlns: SITEMAP_NS, 'xmlns:news': NEWS_NS });
  for (const article of articles) {
    xml.start('url').leaf('loc', article.loc).start('news:news');
    xml.start('news:publication').leaf('news:name', publicationName).leaf('news:language', SITE_LANGUAGE).end();
    xml.leaf('news:publication_date', article.publishedAt.toISOString());
    xml.leaf('news:title', article.title);
    xml.end().end();
  }
  return xml.end().toString();
}
