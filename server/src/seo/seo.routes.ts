import { Router, type Request, type Response } from 'express';
import { Tags, tagResponse } from '../lib/cache-scope';
import type { AppContext } from '../context';
import { setLastModified } from '../lib/last-modified';
import { feedChannel, type FeedScope } from './feed-links';
import { holdsNul } from '../lib/validate';
import { newestChange, renderRss } from './feeds';
import { renderRobots } from './robots';
import { webManifest } from './manifest';
import { currentSite, siteOrFallback } from '../settings/settings.service';
import * as seo from './seo.service';
import { publishedPages } from '../pages/pages.service';
import { newestCorrection } from '../articles/corrections.service';
import {
  articleUrl,
  articlesSitemapUrl,
  authorUrl,
  categoryUrl,
  correctionsUrl,
  homeUrl,
  pagesSitemapUrl,
  sectionUrl,
  staticPageUrl,
  type Publication,
} from './site';
import { renderNewsSitemap, renderSitemapIndex, renderUrlSet, SITEMAP_LIMITS } from './sitemaps';

/** Sizes of the documents; tests lower them to see paging without writing 50,000 articles. */
export interface SeoOptions {
  /** URLs per article sitemap. */
  articlesPerSitemap: number;
  /** Items in a feed. */
  feedItems: number;
  /** URLs in the news sitemap. */
  newsUrls: number;
}

export const SEO_DEFAULTS: SeoOptions = {
  articlesPerSitemap: SITEMAP_LIMITS.urlsPerSitemap,
  feedItems: 50,
  newsUrls: SITEMAP_LIMITS.newsUrls,
};

const RSS_TYPE = 'application/rss+xml; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

/** A page number as written in a sitemap's name: 1, 2, … (no sign, no leading zero, within reason). */
const PAGE_NUMBER = /^[1-9]\d{0,8}$/;

/**
 * Every answer is revalidated before use (`no-cache`): a publish, edit or unpublish shows at once, and
 * an unchanged document costs a 304 thanks to its strong ETag, or to its Last-Modified (the newest change
 * of what it lists) for a client that sends only If-Modified-Since.
 * Feeds and sitemaps are for machines, not for search results: `noindex`.
 */
function send(res: Response, type: string, body: string, lastModified: Date | null): void {
  setLastModified(res, lastModified);
  res.set({ 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Robots-Tag': 'noindex' }).send(body);
}

/** The newest of these dates, null when there is none. */
const newest = (dates: (Date | null | undefined)[]) => newestChange(dates.flatMap((d) => (d ? [{ updatedAt: d }] : [])));

/** Plain text: these addresses are read by feed readers and crawlers, not by the API's clients. */
function notFoundPlain(res: Response): void {
  res.status(404).set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).send('Not found\n');
}

/** The feeds and sitemaps: every address this router answers but robots.txt. */
const DOCUMENTS = /^\/(rss\.xml|(?:category|author)\/[^/]+\/rss\.xml|sitemap\.xml|sitemaps\/.*)$/;

/** The path as its parameters will read it; a malformed escape is left as it is (Express refuses it with a 400). */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Feeds, sitemaps and robots.txt, outside /api and ahead of the reader app's fallback. Public by nature:
 * they show only what a reader sees (published articles), with every URL absolute from PUBLIC_URL.
 */
export function seoRouter(ctx: AppContext, options: Partial<SeoOptions> = {}): Router {
  const { db, config } = ctx;
  const { publicUrl } = config;
  const sizes = { ...SEO_DEFAULTS, ...options };
  const router = Router();
  /**
   * The site as feeds and sitemaps name it (its name is a setting: server/src/settings), and when that last changed:
   * a document naming the site is no older (its Last-Modified). One read of the settings.
   */
  const siteOf = async (): Promise<{ publication: Publication; changed: { updatedAt: Date } }> => {
    const { name, updatedAt } = await currentSite(db, ctx.cache);
    return { publication: { publicUrl, name }, changed: { updatedAt: new Date(updatedAt) } };
  };

  // A NUL (`%00`) names no feed or sitemap, and PostgreSQL refuses it: answered before any read (lib/validate.ts).
  router.get(DOCUMENTS, (req, res, next) => (holdsNul(decodedPath(req.path)) ? notFoundPlain(res) : next()));

  // Every feed and sitemap lists published articles and categories, and names the site; the news sitemap also ages out
  // after 48 hours without a write, so it is kept a minute at most.
  router.get(DOCUMENTS, (req, _res, next) => {
    tagResponse([Tags.articles, Tags.categories, Tags.site], req.path === '/sitemaps/news.xml' ? { ttlSeconds: 60 } : {});
    // The static pages are in the pages sitemap, and date it in the index.
    if (req.path === '/sitemap.xml' || req.path === '/sitemaps/pages.xml') tagResponse([Tags.pages, Tags.pageDates]);
    next();
  });

  // The same on a staging site: crawlers must fetch its pages to read their noindex (docs/decisions/056-site-settings.md).
  router.get('/robots.txt', (_req, res) => {
    res.set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).send(renderRobots(publicUrl));
  });

  // The web app manifest: the site's name and accent colour, for a phone's home screen and the browser's chrome.
  router.get('/manifest.webmanifest', async (_req, res) => {
    tagResponse([Tags.site]);
    const site = await siteOrFallback(db, ctx.cache, ctx.logger);
    res
      .set({ 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache' })
      .send(JSON.stringify(webManifest(site)));
  });

  router.get('/rss.xml', async (_req, res) => {
    const articles = await seo.feedArticles(db, sizes.feedItems);
    const site = await siteOf();
    send(res, RSS_TYPE, renderRss(site.publication, articles), newestChange([...articles, site.changed]));
  });

  /**
   * The feed of one category or one author, found by the path parameter `param`. One address per feed: a category's
   * id, or a slug written differently (another case), leads to the stored slug's.
   */
  const scopedFeed =
    (
      kind: 'category' | 'author',
      param: string,
      find: (db: AppContext['db'], key: string) => Promise<{ id: string; name: string; slug: string } | null>,
    ) =>
    async (req: Request, res: Response) => {
      const key = req.params[param] as string;
      const found = await find(db, key);
      if (!found) return notFoundPlain(res);
      const [scope, of]: [FeedScope, seo.FeedOf] =
        kind === 'category' ? [{ category: found }, { categoryId: found.id }] : [{ author: found }, { authorId: found.id }];
      const site = await siteOf();
      if (key !== found.slug) return res.redirect(301, feedChannel(site.publication, scope).self);
      const articles = await seo.feedArticles(db, sizes.feedItems, of);
      send(res, RSS_TYPE, renderRss(site.publication, articles, scope), newestChange([...articles, site.changed]));
    };

  router.get('/category/:idOrSlug/rss.xml', scopedFeed('category', 'idOrSlug', seo.findCategory));
  router.get('/author/:slug/rss.xml', scopedFeed('author', 'slug', seo.findAuthor));

  router.get('/sitemap.xml', async (_req, res) => {
    const [pages, articlePages, staticPages, corrected] = await Promise.all([
      seo.listingPages(db),
      seo.articleSitemapPages(db, sizes.articlesPerSitemap),
      publishedPages(db),
      newestCorrection(db),
    ]);
    const sitemaps = [
      { loc: pagesSitemapUrl(publicUrl), lastmod: newest([pages.home, corrected, ...staticPages.map((p) => p.updatedAt)]) },
      ...articlePages.map(({ page, lastmod }) => ({ loc: articlesSitemapUrl(publicUrl, page), lastmod })),
    ];
    send(res, XML_TYPE, renderSitemapIndex(sitemaps), newest(sitemaps.map((s) => s.lastmod)));
  });

  router.get('/sitemaps/pages.xml', async (_req, res) => {
    const [pages, staticPages, corrected] = await Promise.all([seo.listingPages(db), publishedPages(db), newestCorrection(db)]);
    const body = await renderUrlSet([
      [
        { loc: homeUrl(publicUrl), lastmod: pages.home },
        ...pages.sections.map(({ section, lastmod }) => ({ loc: sectionUrl(publicUrl, section), lastmod })),
        ...pages.categories.map(({ slug, lastmod }) => ({ loc: categoryUrl(publicUrl, slug), lastmod })),
        ...pages.authors.map(({ slug, lastmod }) => ({ loc: authorUrl(publicUrl, slug), lastmod })),
        ...staticPages.map(({ slug, updatedAt }) => ({ loc: staticPageUrl(publicUrl, slug), lastmod: updatedAt })),
        // docs/decisions/062-corrections.md: once there is one, dated by the newest.
        ...(corrected ? [{ loc: correctionsUrl(publicUrl), lastmod: corrected }] : []),
      ],
    ]);
    send(res, XML_TYPE, body, newest([pages.home, corrected, ...staticPages.map((p) => p.updatedAt)]));
  });

  router.get('/sitemaps/news.xml', async (_req, res) => {
    const since = new Date(Date.now() - SITEMAP_LIMITS.newsWindowHours * 3_600_000);
    const [articles, site] = await Promise.all([seo.recentArticles(db, since, sizes.newsUrls), siteOf()]);
    const body = renderNewsSitemap(
      articles.flatMap(({ id, title, publishedAt }) => (publishedAt ? [{ loc: articleUrl(publicUrl, id), title, publishedAt }] : [])),
      site.publication.name,
    );
    send(res, XML_TYPE, body, newestChange([...articles, site.changed]));
  });

  router.get(/^\/sitemaps\/articles-([^/]+)\.xml$/, async (req, res) => {
    const name = (req.params as Record<string, string | undefined>)[0] ?? '';
    const page = PAGE_NUMBER.test(name) ? Number(name) : 0;
    // Page 1 always answers (empty while nothing is published), so its address never comes and goes.
    const pageCount = Math.max(1, Math.ceil((await seo.countPublished(db)) / sizes.articlesPerSitemap));
    if (page < 1 || page > pageCount) return notFoundPlain(res);
    let lastModified: Date | null = null;
    async function* entries() {
      for await (const rows of seo.articleSitemapEntries(db, page, sizes.articlesPerSitemap)) {
        lastModified = newest([lastModified, newestChange(rows)]);
        yield rows.map((row) => ({ loc: articleUrl(publicUrl, row.id), lastmod: row.updatedAt }));
      }
    }
    const body = await renderUrlSet(entries());
    send(res, XML_TYPE, body, lastModified);
  });

  // Any other name under /sitemaps/ is no sitemap: a plain 404 rather than the reader app's page.
  router.get(/^\/sitemaps(\/.*)?$/, (_req, res) => notFoundPlain(res));

  return router;
}
