import { SECTION_PATH_NAMES } from '#shared/constants';
import { sectionToWire, type Section } from '../lib/wire';

/** The publication's language. */
export const SITE_LANGUAGE = 'en';

/** Where the site is and what it is called (its name is a site setting: server/src/settings), for feeds, sitemaps and share pages. */
export interface Publication {
  /** Absolute, without a trailing slash (config.publicUrl). */
  publicUrl: string;
  name: string;
}
/** Its locale in Open Graph (`og:locale`), on the reader's pages and the share page alike. */
export const SITE_LOCALE = 'en_US';

/** Absolute reader URLs (docs/spec/SPEC.md §2), all from PUBLIC_URL (`publicUrl` has no trailing slash). */
export const homeUrl = (publicUrl: string) => `${publicUrl}/`;
export const articleUrl = (publicUrl: string, id: string) => `${publicUrl}/article/${id}`;
// Slugs are names lowercased with spaces turned into hyphens: they may hold any other character.
export const categoryUrl = (publicUrl: string, slug: string) => `${publicUrl}/category/${encodeURIComponent(slug)}`;
export const sectionUrl = (publicUrl: string, section: Section) => `${publicUrl}/news/${SECTION_PATH_NAMES[sectionToWire(section)]}`;
export const authorUrl = (publicUrl: string, slug: string) => `${publicUrl}/author/${encodeURIComponent(slug)}`;
export const authorFeedUrl = (publicUrl: string, slug: string) => `${authorUrl(publicUrl, slug)}/rss.xml`;
export const correctionsUrl = (publicUrl: string) => `${publicUrl}/corrections`;
export const staticPageUrl = (publicUrl: string, slug: string) => `${publicUrl}/${encodeURIComponent(slug)}`;
export const siteFeedUrl = (publicUrl: string) => `${publicUrl}/rss.xml`;
export const categoryFeedUrl = (publicUrl: string, slug: string) => `${categoryUrl(publicUrl, slug)}/rss.xml`;
export const sitemapIndexUrl = (publicUrl: string) => `${publicUrl}/sitemap.xml`;
export const pagesSitemapUrl = (publicUrl: string) => `${publicUrl}/sitemaps/pages.xml`;
export const articlesSitemapUrl = (publicUrl: string, page: number) => `${publicUrl}/sitemaps/articles-${page}.xml`;
export const newsSitemapUrl = (publicUrl: string) => `${publicUrl}/sitemaps/news.xml`;

/** An image of an article (an `/uploads/` path or an absolute http(s) URL, as validated on input) as an absolute URL. */
export const absoluteUrl = (publicUrl: string, url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);
