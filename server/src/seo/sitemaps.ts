import { SITE_LANGUAGE, SITE_NAME } from './site';
import { writeXml, xmlText, type XMLBuilderCB } from './xml';

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

function entry(xml: XMLBuilderCB, tag: 'url' | 'sitemap', { loc, lastmod }: SitemapEntry): void {
  xml.ele(tag).ele('loc').txt(loc).up();
  if (lastmod) xml.ele('lastmod').txt(lastmod.toISOString()).up();
  xml.up();
}

export function renderSitemapIndex(sitemaps: SitemapEntry[]): Promise<string> {
  return writeXml((xml) => {
    xml.ele('sitemapindex', { xmlns: SITEMAP_NS });
    for (const sitemap of sitemaps) entry(xml, 'sitemap', sitemap);
    xml.up();
  });
}

/** A `<urlset>` of entries that may arrive in batches (read from the database while the document is written). */
export function renderUrlSet(batches: Iterable<SitemapEntry[]> | AsyncIterable<SitemapEntry[]>): Promise<string> {
  return writeXml(async (xml) => {
    xml.ele('urlset', { xmlns: SITEMAP_NS });
    for await (const batch of batches) for (const url of batch) entry(xml, 'url', url);
    xml.up();
  });
}

export interface NewsEntry {
  loc: string;
  title: string;
  publishedAt: Date;
}

/** A Google News sitemap (news:publication, news:publication_date, news:title per article). */
export function renderNewsSitemap(articles: NewsEntry[]): Promise<string> {
  return writeXml((xml) => {
    xml.ele('urlset', { xmlns: SITEMAP_NS, 'xmlns:news': NEWS_NS });
    for (const article of articles) {
      xml.ele('url').ele('loc').txt(article.loc).up();
      xml.ele('news:news');
      xml.ele('news:publication').ele('news:name').txt(SITE_NAME).up().ele('news:language').txt(SITE_LANGUAGE).up().up();
      xml.ele('news:publication_date').txt(article.publishedAt.toISOString()).up();
      xml.ele('news:title').txt(xmlText(article.title)).up();
      xml.up().up();
    }
    xml.up();
  });
}
